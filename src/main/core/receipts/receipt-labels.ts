import { RECEIPT_WORDS } from '../../../shared/words/receipt-words';

/** The words of a shared receipt: the printed one's (src/shared/receipt-words.ts), with a shorter thanks. */
export const RECEIPT_LABELS = {
  en: { ...RECEIPT_WORDS.en, thanks: 'Thank you!' },
  hi: { ...RECEIPT_WORDS.hi, thanks: 'धन्यवाद!' },
} as const;
