import type { TxnStatus } from '../status';

/**
 * The words of a receipt, one table for both sides: the renderer's printed receipt (i18n `receipt`)
 * and main's shared text (WhatsApp), so a customer reads the same words whichever way it reached them.
 */
export const RECEIPT_WORDS = {
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
    paidBy: 'Paid by',
    servedBy: 'Served by',
    methods: { cash: 'Cash', upi: 'UPI', credit: 'Credit (khata)', split: 'Cash + UPI' },
    upiWaiting: 'Scan to pay by UPI',
    upiReceived: 'UPI received',
    /** The note a customer's UPI app shows beside the payment (tn), before the number's last 4 digits. */
    upiNote: 'Recharge',
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
    paidBy: 'भुगतान',
    servedBy: 'सेवा दी',
    methods: { cash: 'नकद', upi: 'UPI से', credit: 'उधार (खाता)', split: 'नकद + UPI' },
    upiWaiting: 'UPI से भुगतान के लिए स्कैन करें',
    upiReceived: 'UPI मिल गया',
    upiNote: 'रिचार्ज',
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

/** The words of a receipt shared as a chat message (WhatsApp): the printed one's, with a shorter thanks. */
export const SHARED_RECEIPT_WORDS = {
  en: { ...RECEIPT_WORDS.en, thanks: 'Thank you!' },
  hi: { ...RECEIPT_WORDS.hi, thanks: 'धन्यवाद!' },
} as const;
