import type { TxnStatus } from '../status';
import { formatMoney } from '../format';
import type { Language } from '../language';
import { groupForReading } from '../subscriber-number';

/**
 * The OS notification for a recharge that changed on its own (the main process shows it while the
 * shopkeeper may be on another window), in the language the counter is set to.
 */
const TITLES: Record<Language, Partial<Record<TxnStatus, string>>> = {
  en: {
    Success: 'Recharge successful',
    Failure: 'Recharge failed: the amount is back in the wallet',
    Refunded: 'Recharge refunded to the wallet',
    NeedsAttention: 'A recharge has been open too long: check it with the provider',
  },
  hi: {
    Success: 'रिचार्ज सफल',
    Failure: 'रिचार्ज विफल: राशि वॉलेट में वापस आ गई है',
    Refunded: 'रिचार्ज की राशि वॉलेट में वापस आई',
    NeedsAttention: 'एक रिचार्ज बहुत देर से खुला है: प्रोवाइडर से जाँचें',
  },
};

/** A Failure or refusal the provider's check later called a Success: said as such, not as a plain success. */
const CHANGED: Record<Language, string> = {
  en: 'Answer changed: a recharge counted failed went through after all',
  hi: 'जवाब बदला: विफल माना गया रिचार्ज असल में हो गया',
};

export function notificationFor(
  txn: { status: TxnStatus; number: string; amount: number; moneyNote?: string | null },
  language: Language,
): { title: string; body: string } | null {
  const title = txn.status === 'Success' && txn.moneyNote === 'answer_changed' ? CHANGED[language] : TITLES[language][txn.status];
  if (!title) return null;
  return { title, body: `${groupForReading(txn.number)}: ${formatMoney(txn.amount, language)}` };
}
