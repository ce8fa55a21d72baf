import type { Language } from '../language';
import { RECEIPT_WORDS } from '../words/receipt-words';
import { upiUri } from './upi-link';

/**
 * The UPI link of one sale's UPI part: the shop's ID and name, the amount, the sale's reference,
 * and a note in the customer's language with the number's last 4 digits (never the whole number:
 * the note travels through the customer's bank). The counter's QR and the receipt's are the same.
 */
export function saleUpiUri(
  upi: { readonly vpa: string; readonly payee: string },
  sale: { readonly upi: number; readonly saleRef: string; readonly number: string },
  language: Language,
): string | null {
  if (!upi.vpa || !upi.payee || sale.upi <= 0) return null;
  return upiUri({
    vpa: upi.vpa,
    payee: upi.payee,
    amount: sale.upi,
    saleRef: sale.saleRef,
    note: `${RECEIPT_WORDS[language].upiNote} ${sale.number.slice(-4)}`,
  });
}
