import { useTranslation } from 'react-i18next';
import { RECHARGE_REPLY_TIMEOUT_MS, SLOW_SEND_NOTICE_MS } from '../../../shared/timeouts';
import { useNow } from '../../hooks/use-now';
import { useRechargeStore } from '../../stores/recharge-store';

/**
 * A send that takes long says what is happening: after 3 s that we wait for the provider and the
 * recharge must not be sent again; past the client's timeout, that the outcome will be checked
 * (the provider may well have done it), never that it failed.
 */
export function SendingNotice() {
  const { t } = useTranslation();
  const since = useRechargeStore((s) => s.sendingSince);
  const now = useNow(500);
  if (since === null) return null;
  const waited = now - since;
  if (waited < SLOW_SEND_NOTICE_MS) return null;
  const overdue = waited >= RECHARGE_REPLY_TIMEOUT_MS;
  return (
    <p className="sending-notice warning" role="status">
      <span aria-hidden="true">◔ </span>
      {overdue ? t('confirm.waitChecking') : t('confirm.waitProvider', { seconds: Math.floor(waited / 1000) })}
    </p>
  );
}
