import { useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { Outcome } from '../../../shared/outcomes/outcome-registry';
import { errorText } from '../../i18n/setup';
import { printSheet } from '../receipts/print-sheet';
import { TestReceiptSheet } from '../receipts/TestReceiptSheet';

type Shop = ResponseOf<'settings:get'>['shop'];
type Printers = ResponseOf<'receipt:printers'>['printers'];
type Message = { kind: 'ok' } | { kind: 'error' | 'note'; error: Outcome };
const MESSAGE_CLASS = { ok: 'tone-good', error: 'error-banner', note: 'field-hint' } as const;

/**
 * The counter's printer, picked from the ones the OS has, and a test print on it. Receipts go to
 * the picked printer without a dialog; none picked asks each time.
 */
export function PrinterSettings({ desk, shop, save }: { desk: DeskApi; shop: Shop; save: (patch: Partial<Shop>) => void }) {
  const { t, i18n } = useTranslation();
  const [printers, setPrinters] = useState<Printers | null>(null);
  // What happened, not its words: the words are made at render, so a language switch re-words it at once.
  const [message, setMessage] = useState<Message | null>(null);
  const [testing, setTesting] = useState(false);
  const measure = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void desk.receipt.printers({}).then((r) => {
      if (!live) return;
      if (r.ok) setPrinters(r.data.printers);
      // The browser view has no printers: a plain fact on this screen, not something that went wrong.
      else setMessage({ kind: r.error.code === 'print_unavailable' ? 'note' : 'error', error: r.error });
    });
    return () => {
      live = false;
    };
  }, [desk]);

  const testPrint = async () => {
    // The test sheet is in the page only while it prints: another receipt's printed copy may be too.
    flushSync(() => {
      setTesting(true);
      setMessage(null);
    });
    const r = await printSheet(desk, shop.paper, measure.current);
    setTesting(false);
    if (!r.ok) setMessage({ kind: 'error', error: r.error });
    else if (r.data.printed) setMessage({ kind: 'ok' });
  };

  const known = printers?.some((p) => p.name === shop.printer) ?? false;
  const sheet = (
    <TestReceiptSheet paper={shop.paper} printer={shop.printer} shopName={shop.name} en={i18n.getFixedT('en')} hi={i18n.getFixedT('hi')} />
  );
  return (
    <div className="printer-settings">
      {printers && (
        <label className="filter">
          <span>{t('shop.printer')}</span>
          <select value={shop.printer} onChange={(e) => save({ printer: e.target.value })}>
            <option value="">{t('shop.printerAsk')}</option>
            {printers.map((p) => (
              <option key={p.name} value={p.name}>
                {p.displayName}
              </option>
            ))}
            {shop.printer && !known && <option value={shop.printer}>{t('shop.printerMissing', { name: shop.printer })}</option>}
          </select>
        </label>
      )}
      {!printers && !message && <p>{t('shop.printersLoading')}</p>}
      {printers && (
        <button type="button" className="button-secondary" onClick={() => void testPrint()} disabled={testing}>
          {testing ? t('receipt.printing') : t('shop.testPrint')}
        </button>
      )}
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={MESSAGE_CLASS[message.kind]}>
          {message.kind === 'ok' ? t('shop.testPrinted') : errorText(t, message.error)}
        </p>
      )}
      {/* Laid out off screen to measure the roll's length; the portal is the copy that prints. */}
      {testing && (
        <div className="receipt-measure" aria-hidden="true" ref={measure}>
          {sheet}
        </div>
      )}
      {testing && createPortal(<div className="receipt-print">{sheet}</div>, document.body)}
    </div>
  );
}
