import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { errorText } from '../../i18n/setup';
import { asLanguage, type Language } from '../../../shared/language';
import { ReceiptSheet } from './ReceiptSheet';
import { printSheet } from './print-sheet';
import { ReceiptControls } from './ReceiptControls';

type Loaded = ResponseOf<'receipt:get'>;

/** A receipt to hand over: choose the paper and language, print it or share it on WhatsApp. */
export function ReceiptDialog({ desk, refId, onClose }: { desk: DeskApi; refId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<Language>(asLanguage(i18n.language));
  const [paper, setPaper] = useState<ReceiptPaper | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [printing, setPrinting] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const rt = i18n.getFixedT(language);

  useEffect(() => close.current?.focus(), []);
  useEffect(() => {
    void desk.settings.get().then((r) => setPaper((p) => p ?? (r.ok ? r.data.shop.paper : '80mm')));
  }, [desk]);
  useEffect(() => {
    let live = true;
    void desk.receipt.get({ refId, language }).then((r) => {
      if (!live) return;
      if (r.ok) setLoaded(r.data);
      else setMessage({ kind: 'error', text: errorText(t, r.error) });
    });
    return () => {
      live = false;
    };
  }, [desk, refId, language, t]);

  const print = async () => {
    if (!paper || printing) return;
    setPrinting(true);
    setMessage(null);
    const r = await printSheet(desk, paper, sheet.current);
    setPrinting(false);
    if (!r.ok) setMessage({ kind: 'error', text: errorText(t, r.error) });
    else if (r.data.printed) setMessage({ kind: 'ok', text: t('receipt.printed') });
  };

  const body = loaded && paper ? <ReceiptSheet receipt={loaded.receipt} paper={paper} t={rt} lang={language} /> : null;
  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="dialog receipt-dialog" role="dialog" aria-modal="true" aria-labelledby="receipt-dialog-title">
        <h2 id="receipt-dialog-title">{t('receipt.dialogTitle')}</h2>
        <ReceiptControls paper={paper} language={language} onPaper={setPaper} onLanguage={setLanguage} />
        <div className="receipt-preview">
          <div ref={sheet}>{body ?? <p>{t('app.loading')}</p>}</div>
        </div>
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'error-banner' : 'tone-good'}>
            {message.text}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button-primary" onClick={() => void print()} disabled={!body || printing}>
            {printing ? t('receipt.printing') : t('receipt.print')}
          </button>
          {loaded && (
            <a className="button-secondary receipt-whatsapp" href={loaded.whatsappUrl} target="_blank" rel="noreferrer">
              {t('receipt.whatsapp')}
            </a>
          )}
          <button ref={close} type="button" className="button-quiet" onClick={onClose}>
            {t('receipt.close')}
          </button>
        </div>
      </div>
      {/* The printed copy: outside the app's tree, the only thing the print stylesheet shows. */}
      {body && createPortal(<div className="receipt-print">{body}</div>, document.body)}
    </div>
  );
}
