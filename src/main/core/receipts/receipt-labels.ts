import type { TxnStatus } from '../../../shared/status';

export type ReceiptLanguage = 'en' | 'hi';

/** The words of a shared receipt (the printed one uses the renderer's texts). */
export const RECEIPT_LABELS = {
  en: {
    title: 'Recharge receipt',
    date: 'Date',
    number: 'Mobile number',
    subscriber: 'Subscriber ID',
    operator: 'Operator',
    amount: 'Amount',
    status: 'Status',
    ref: 'Reference',
    optId: 'Operator ref',
    thanks: 'Thank you!',
    statuses: {
      Success: 'Successful',
      Pending: 'Being processed',
      Accepted: 'Being processed',
      Failure: 'Failed (amount not charged)',
      Refunded: 'Refunded',
      Error: 'Not sent',
      Submitting: 'Being sent',
      Unknown: 'Being checked',
      NeedsAttention: 'Being checked',
    } satisfies Record<TxnStatus, string>,
  },
  hi: {
    title: 'रिचार्ज रसीद',
    date: 'तारीख़',
    number: 'मोबाइल नंबर',
    subscriber: 'सब्सक्राइबर ID',
    operator: 'ऑपरेटर',
    amount: 'राशि',
    status: 'स्थिति',
    ref: 'रेफ़रेंस',
    optId: 'ऑपरेटर रेफ़',
    thanks: 'धन्यवाद!',
    statuses: {
      Success: 'सफल',
      Pending: 'प्रक्रिया में',
      Accepted: 'प्रक्रिया में',
      Failure: 'विफल (पैसा नहीं कटा)',
      Refunded: 'वापस हुआ',
      Error: 'नहीं भेजा गया',
      Submitting: 'भेजा जा रहा',
      Unknown: 'जाँच जारी',
      NeedsAttention: 'जाँच जारी',
    } satisfies Record<TxnStatus, string>,
  },
} as const;
