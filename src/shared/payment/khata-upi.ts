import type { Language } from '../language';
import { KHATA_UPI_NOTE } from '../words/khata-words';
import { upiUri } from './upi-link';

/**
 * The UPI link of a payment towards a customer's khata: the shop's ID and name, the amount, the
 * khata's reference (KH and the number) and a note with the number's last 4 digits. The reminder's
 * link and the khata screen's QR are the same.
 */
export function khataUpiUri(
  upi: { readonly vpa: string; readonly payee: string },
  payment: { readonly amount: number; readonly number: string },
  language: Language,
): string | null {
  if (!upi.vpa || !upi.payee || payment.amount <= 0) return null;
  return upiUri({
    vpa: upi.vpa,
    payee: upi.payee,
    amount: payment.amount,
    saleRef: khataUpiRef(payment.number),
    note: `${KHATA_UPI_NOTE[language]} ${payment.number.slice(-4)}`,
  });
}

/** The reference a khata payment's UPI link carries, shown under its QR. */
export function khataUpiRef(number: string): string {
  return `KH${number}`;
}
