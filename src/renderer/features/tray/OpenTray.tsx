import { memo, useRef, type Ref } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { Money } from '../../components/Money';
import { StatusText } from '../../components/StatusText';
import { useOpenTxnsStore } from '../../stores/open-txns-store';
import { useAge } from '../../hooks/use-age';
import { useNow } from '../../hooks/use-now';
import { isOverdue, neverLeft } from '../../stores/open-money';

const ROW_PX = 58;
const GAP_PX = 8;
/** Before the first layout, or where there is none (component tests), assume a screenful. */
const NO_LAYOUT = { width: 320, height: 600 };

interface OpenRowProps {
  txn: TxnView;
  desk: DeskApi;
  index: number;
  /** Offset from the top of the list, in px. */
  start: number;
  rowRef: Ref<HTMLLIElement>;
}

// Memoized: a frame of events re-renders only the rows whose transaction changed.
const OpenRow = memo(function OpenRow({ txn, desk, index, start, rowRef }: OpenRowProps) {
  const { t } = useTranslation();
  // Narrow selectors: a row re-renders when its own check starts or ends, not on every event.
  const busy = useOpenTxnsStore((s) => s.checking.has(txn.refId));
  const checkNow = useOpenTxnsStore((s) => s.checkNow);
  const age = useAge(txn.createdAt);
  const now = useNow(30_000);
  const overdue = isOverdue(txn, now);
  return (
    <li
      className={`tray-row ${overdue ? 'is-overdue' : ''}`}
      ref={rowRef}
      data-index={index}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div>
        <strong>{groupForReading(txn.number)}</strong> · {findOperator(txn.operator)?.name} · <Money value={txn.amount} />
        <div className="tray-meta">
          <StatusText status={txn.status} notSent={neverLeft(txn)} /> · {age}
        </div>
        {overdue && (
          <div className="tray-overdue">
            <span aria-hidden="true">⚠ </span>
            {t('overdue.tray')}
          </div>
        )}
      </div>
      <button
        type="button"
        className="button-quiet"
        onClick={() => void checkNow(desk, txn.refId)}
        disabled={busy}
        aria-label={`${t('tray.checkNow')} ${groupForReading(txn.number)}`}
      >
        {busy ? t('tray.checking') : t('tray.checkNow')}
      </button>
    </li>
  );
});

/**
 * Recharges not yet final, live; each can be checked now. Only the rows in view exist in the
 * page, so an outage with ten thousand open costs what ten do.
 */
export function OpenTray({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const open = useOpenTxnsStore((s) => s.open);
  const loaded = useOpenTxnsStore((s) => s.loaded);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: open.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    // Sizes are kept by position (rows are alike): a key per transaction would make every frame
    // of events re-measure all ten thousand rows.
    gap: GAP_PX,
    overscan: 6,
    initialRect: NO_LAYOUT,
    observeElementRect: (instance, report) => observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : NO_LAYOUT)),
  });
  return (
    <aside className="tray" aria-labelledby="tray-title">
      <h2 id="tray-title">{t('tray.title')}</h2>
      {open.length === 0 ? (
        // "Nothing open" only once every page has come in: before that it would be a false all-clear.
        <p className="tray-empty">{loaded ? t('tray.empty') : t('tray.loading')}</p>
      ) : (
        // A fixed size and strict containment: what changes inside never re-lays out the page.
        <div ref={scroller} className="tray-scroller" style={{ height: `min(${virtualizer.getTotalSize()}px, 100vh - 260px)` }}>
          <ul style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => (
              <OpenRow
                key={open[row.index]!.refId}
                txn={open[row.index]!}
                desk={desk}
                index={row.index}
                rowRef={virtualizer.measureElement}
                start={row.start}
              />
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
