import type { TxnStatus } from '../status';
import type { Language } from '../language';

/** A transaction's status as the shopkeeper reads it: one table for the screen, exports and warnings. */
export const STATUS_WORDS: Record<Language, Record<TxnStatus, string>> = {
  en: {
    Success: 'Success',
    Pending: 'Pending',
    Accepted: 'Accepted',
    Failure: 'Failed',
    Refunded: 'Refunded',
    Error: 'Refused',
    Submitting: 'Sending',
    Unknown: 'Checking',
    NeedsAttention: 'Needs attention',
  },
  hi: {
    Success: 'सफल',
    Pending: 'प्रक्रिया में',
    Accepted: 'स्वीकार',
    Failure: 'विफल',
    Refunded: 'वापस हुआ',
    Error: 'अस्वीकार',
    Submitting: 'भेजा जा रहा',
    Unknown: 'जाँच जारी',
    NeedsAttention: 'ध्यान दें',
  },
};
