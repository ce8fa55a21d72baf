import { useTranslation } from 'react-i18next';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { RECEIPT_PAPERS } from '../../../shared/field-limits';
import { LANGUAGES, type Language } from '../../../shared/language';
import { LANGUAGE_NAMES } from '../../components/LanguageSwitch';

/** The paper and the language of a printed sheet (a receipt, a khata statement), one chip each. */
export function ReceiptControls({
  paper,
  language,
  onPaper,
  onLanguage,
}: {
  paper: ReceiptPaper | null;
  language: Language;
  onPaper: (p: ReceiptPaper) => void;
  onLanguage: (l: Language) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="receipt-controls">
      <div className="filter-group" role="group" aria-label={t('receipt.paper')}>
        {RECEIPT_PAPERS.map((p) => (
          <button key={p} type="button" className="chip" aria-pressed={paper === p} onClick={() => onPaper(p)}>
            {t(`receipt.papers.${p}`)}
          </button>
        ))}
      </div>
      <div className="filter-group" role="group" aria-label={t('receipt.language')}>
        {LANGUAGES.map((l) => (
          <button key={l} type="button" className="chip" aria-pressed={language === l} onClick={() => onLanguage(l)}>
            {LANGUAGE_NAMES[l]}
          </button>
        ))}
      </div>
    </div>
  );
}
