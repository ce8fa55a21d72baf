import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { KhataView } from '../../../shared/khata/khata-schemas';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { istDate } from '../../../shared/ist-date';
import { asLanguage, type Language } from '../../../shared/language';
import { useSettingsStore } from '../../stores/settings-store';
import { PrintDialog } from '../receipts/PrintDialog';
import { StatementSheet } from './StatementSheet';

/** The statement as a receipt: the receipts' paper, language and printer (PrintDialog → receipt:print). */
export function StatementDialog({ desk, view, onClose }: { desk: DeskApi; view: KhataView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const settings = useSettingsStore((s) => s.settings);
  const [language, setLanguage] = useState<Language>(view.lang ?? asLanguage(i18n.language));
  const [paper, setPaper] = useState<ReceiptPaper>(settings?.shop.paper ?? '80mm');
  return (
    <PrintDialog
      desk={desk}
      title={t('khata.statement.print')}
      paper={paper}
      language={language}
      onPaper={setPaper}
      onLanguage={setLanguage}
      body={
        <StatementSheet
          view={view}
          shop={settings?.shop.name ?? ''}
          today={istDate(Date.now())}
          paper={paper}
          t={i18n.getFixedT(language)}
          lang={language}
        />
      }
      onClose={onClose}
    />
  );
}
