import { useTranslation } from 'react-i18next';
import type { TxnStatus } from '../../shared/status';

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

export function statusTone(status: TxnStatus): 'good' | 'wait' | 'bad' | 'warn' {
  if (status === 'Success') return 'good';
  if (status === 'Failure' || status === 'Error' || status === 'Refunded') return 'bad';
  if (status === 'NeedsAttention') return 'warn';
  return 'wait';
}

/** A status in words with an icon, never by colour alone. */
export function StatusText({ status }: { status: TxnStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status tone-${statusTone(status)}`}>
      <span aria-hidden="true">{ICON[status]} </span>
      {t(`status.${status}`)}
    </span>
  );
}
