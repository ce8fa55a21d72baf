import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { errorText } from '../../i18n/setup';
import { asLanguage, type Language } from '../../../shared/language';
import { ReceiptSheet } from './ReceiptSheet';
import { PrintDialog } from './PrintDialog';

type Loaded = ResponseOf<'receipt:get'>;

/** A receipt to hand over: choose the paper and language, print it or share it on WhatsApp. */
export function ReceiptDialog({ desk, refId, onClose }: { desk: DeskApi; refId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<Language>(asLanguage(i18n.language));
  const [paper, setPaper] = useState<ReceiptPaper | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rt = i18n.getFixedT(language);

  useEffect(() => {
    void desk.settings.get().then((r) => setPaper((p) => p ?? (r.ok ? r.data.shop.paper : '80mm')));
  }, [desk]);
  useEffect(() => {
    let live = true;
    void desk.receipt.get({ refId, language }).then((r) => {
      if (!live) return;
      if (r.ok) setLoaded(r.data);
      else setProblem(errorText(t, r.error));
    });
    return () => {
      live = false;
    };
  }, [desk, refId, language, t]);

  const body = loaded && paper ? <ReceiptSheet receipt={loaded.receipt} paper={paper} t={rt} lang={language} /> : null;
  return (
    <PrintDialog
      desk={desk}
      title={t('receipt.dialogTitle')}
      paper={paper}
      language={language}
      onPaper={setPaper}
      onLanguage={setLanguage}
      body={body}
      problem={problem}
      actions={
        loaded && (
          <a className="button-secondary receipt-whatsapp" href={loaded.whatsappUrl} target="_blank" rel="noreferrer">
            {t('receipt.whatsapp')}
          </a>
        )
      }
      onClose={onClose}
    />
  );
}
