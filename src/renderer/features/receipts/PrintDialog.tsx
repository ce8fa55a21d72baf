import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import type { Language } from '../../../shared/language';
import { errorText } from '../../i18n/setup';
import { printSheet } from './print-sheet';
import { ReceiptControls } from './ReceiptControls';

/**
 * A sheet to print (a receipt, a khata statement): paper and language chips, the sheet as it will
 * print, Print and Close. The sheet is also put outside the app's tree, the only thing the print
 * stylesheet shows. The caller owns the paper and language (the sheet is built from them).
 */
export function PrintDialog({
  desk,
  title,
  paper,
  language,
  onPaper,
  onLanguage,
  body,
  problem,
  actions,
  onClose,
}: {
  desk: DeskApi;
  title: string;
  paper: ReceiptPaper | null;
  language: Language;
  onPaper: (p: ReceiptPaper) => void;
  onLanguage: (l: Language) => void;
  /** The sheet; null while it loads. */
  body: ReactNode | null;
  /** Why the sheet could not be made, in words. */
  problem?: string | null;
  /** Further buttons between Print and Close (WhatsApp). */
  actions?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [printing, setPrinting] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const print = async () => {
    if (!paper || printing) return;
    setPrinting(true);
    setMessage(null);
    const r = await printSheet(desk, paper, sheet.current);
    setPrinting(false);
    if (!r.ok) setMessage({ ok: false, text: errorText(t, r.error) });
    else if (r.data.printed) setMessage({ ok: true, text: t('receipt.printed') });
  };
  const shown = message ?? (problem ? { ok: false, text: problem } : null);
  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="dialog receipt-dialog" role="dialog" aria-modal="true" aria-labelledby="print-dialog-title">
        <h2 id="print-dialog-title">{title}</h2>
        <ReceiptControls paper={paper} language={language} onPaper={onPaper} onLanguage={onLanguage} />
        <div className="receipt-preview">
          <div ref={sheet}>{body ?? <p>{t('app.loading')}</p>}</div>
        </div>
        {shown && (
          <p role={shown.ok ? 'status' : 'alert'} className={shown.ok ? 'tone-good' : 'error-banner'}>
            {shown.text}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button-primary" onClick={() => void print()} disabled={!body || printing}>
            {printing ? t('receipt.printing') : t('receipt.print')}
          </button>
          {actions}
          <button ref={close} type="button" className="button-quiet" onClick={onClose}>
            {t('receipt.close')}
          </button>
        </div>
      </div>
      {body && createPortal(<div className="receipt-print">{body}</div>, document.body)}
    </div>
  );
}
