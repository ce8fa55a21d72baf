import type { ResponseOf } from '../../../shared/ipc/contract';
import { OutcomeText } from '../../components/OutcomeText';

type Restored = Pick<ResponseOf<'backup:restore'>, 'rejected' | 'rejectedRefs' | 'quarantine'>;

/** After a restore or a move: the rows of the file that were left out, by count and ref, and where they are kept. */
export function RejectedRows({ restored }: { restored: Restored }) {
  if (restored.rejected === 0) return null;
  return (
    <p role="alert" className="restore-rejected">
      <OutcomeText
        outcome={{
          code: 'restore_rows_rejected',
          params: { count: restored.rejected, refs: restored.rejectedRefs, file: restored.quarantine ?? '—' },
        }}
      />
    </p>
  );
}
