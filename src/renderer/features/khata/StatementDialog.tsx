import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { KhataView } from '../../../shared/khata/khata-schemas';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { istDate } from '../../../shared/ist-date';
import { asLanguage, type Language } from '../../../shared/language';
import { errorText } from '../../i18n/setup';
import { useSettingsStore } from '../../stores/settings-store';
import { printSheet } from '../receipts/print-sheet';
import { ReceiptControls } from '../receipts/ReceiptControls';
import { StatementSheet } from './StatementSheet';

/** The statement as a receipt: the receipts' paper choice, language and printer (printSheet → receipt:print). */
export function StatementDialog({ desk, view, onClose }: { desk: DeskApi; view: KhataView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const settings = useSettingsStore((s) => s.settings);
  const [language, setLanguage] = useState<Language>(view.lang ?? asLanguage(i18n.language));
  const [paper, setPaper] = useState<ReceiptPaper>(settings?.shop.paper ?? '80mm');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const rt = i18n.getFixedT(language);
  const print = async () => {
    setMessage(null);
    const r = await printSheet(desk, paper, sheet.current);
    if (!r.ok) setMessage({ ok: false, text: errorText(t, r.error) });
    else if (r.data.printed) setMessage({ ok: true, text: t('receipt.printed') });
  };
  const body = (
    <StatementSheet view={view} shop={settings?.shop.name ?? ''} today={istDate(Date.now())} paper={paper} t={rt} lang={language} />
  );
  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="dialog receipt-dialog" role="dialog" aria-modal="true" aria-labelledby="statement-dialog-title">
        <h2 id="statement-dialog-title">{t('khata.statement.print')}</h2>
        <ReceiptControls paper={paper} language={language} onPaper={setPaper} onLanguage={setLanguage} />
        <div className="receipt-preview">
          <div ref={sheet}>{body}</div>
        </div>
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'tone-good' : 'error-banner'}>
            {message.text}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button-primary" onClick={() => void print()}>
            {t('receipt.print')}
          </button>
          <button ref={close} type="button" className="button-quiet" onClick={onClose}>
            {t('receipt.close')}
          </button>
        </div>
      </div>
      {/* The printed copy: outside the app's tree, the only thing the print stylesheet shows. */}
      {createPortal(<div className="receipt-print">{body}</div>, document.body)}
    </div>
  );
}
