import { useTranslation } from 'react-i18next';
import type { TxnStatus } from '../../shared/status';
import { statusTone } from './status-tone';

const ICON: Record<TxnStatus, string> = {
  Success: '✓',
  Pending: '◔',
  Accepted: '◔',
  Unknown: '◔',
  Submitting: '↗',
  Failure: '✕',
  Refunded: '↩',
  Error: '✕',
  NeedsAttention: '⚠',
};

/**
 * A status in words with an icon, never by colour alone. A recharge that never left (`notSent`) is
 * said as such, not as "Checking" while it is confirmed nor as "Refused" once closed.
 */
export function StatusText({ status, notSent }: { status: TxnStatus; notSent?: boolean }) {
  const { t } = useTranslation();
  if (notSent && status !== 'Success' && status !== 'Failure' && status !== 'Refunded') {
    const closed = status === 'Error';
    return (
      <span className={`status tone-${closed ? 'bad' : 'wait'}`}>
        <span aria-hidden="true">{closed ? '✕' : '◔'} </span>
        {t(closed ? 'sendState.notSent' : 'sendState.notSentConfirming')}
      </span>
    );
  }
  return (
    <span className={`status tone-${statusTone(status)}`}>
      <span aria-hidden="true">{ICON[status]} </span>
      {t(`status.${status}`)}
    </span>
  );
}
