import type { TxnStatus } from '../../../shared/status';

/** The words inside an exported file, in the shop's language (the renderer's texts are not here). */
export const EXPORT_LABELS = {
  en: {
    columns: [
      'Date',
      'Time (IST)',
      'Reference',
      'Number',
      'Operator',
      'Amount (₹)',
      'Status',
      'Commission (₹)',
      'Txn ID',
      'Operator ref',
      'Message',
    ],
    summary: 'Summary',
    transactions: 'Transactions',
    range: 'Dates',
    measure: 'Item',
    count: 'Count',
    amount: 'Amount (₹)',
    total: 'All recharges',
    success: 'Successful',
    margin: 'Commission',
    refunded: 'Refunded',
    failed: 'Failed',
    open: 'Being checked',
    operator: 'Operator',
    daily: 'Day by day',
    date: 'Date',
    status: {
      Success: 'Success',
      Pending: 'Pending',
      Accepted: 'Accepted',
      Failure: 'Failed',
      Refunded: 'Refunded',
      Error: 'Refused',
      Submitting: 'Sending',
      Unknown: 'Checking',
      NeedsAttention: 'Needs attention',
    } satisfies Record<TxnStatus, string>,
  },
  hi: {
    columns: ['तारीख़', 'समय (IST)', 'रेफ़रेंस', 'नंबर', 'ऑपरेटर', 'राशि (₹)', 'स्थिति', 'कमीशन (₹)', 'ट्रांज़ैक्शन ID', 'ऑपरेटर रेफ़', 'संदेश'],
    summary: 'सारांश',
    transactions: 'लेन-देन',
    range: 'तारीख़ें',
    measure: 'विवरण',
    count: 'संख्या',
    amount: 'राशि (₹)',
    total: 'सभी रिचार्ज',
    success: 'सफल',
    margin: 'कमीशन',
    refunded: 'वापस हुए',
    failed: 'विफल',
    open: 'जाँच जारी',
    operator: 'ऑपरेटर',
    daily: 'दिन-वार',
    date: 'तारीख़',
    status: {
      Success: 'सफल',
      Pending: 'प्रक्रिया में',
      Accepted: 'स्वीकार',
      Failure: 'विफल',
      Refunded: 'वापस हुआ',
      Error: 'अस्वीकार',
      Submitting: 'भेजा जा रहा',
      Unknown: 'जाँच जारी',
      NeedsAttention: 'ध्यान दें',
    } satisfies Record<TxnStatus, string>,
  },
} as const;

/** Paise as a plain rupee figure with two decimals ("1234.50"), which every spreadsheet reads as a number. */
export function rupeeText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A cell starting with = + - @ (or a tab or return) is a formula to Excel: a message from the
 * provider must never run as one, so such text gets a leading apostrophe.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
