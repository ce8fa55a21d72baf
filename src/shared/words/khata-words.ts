import { formatInr, paise } from '../money';
import type { Language } from '../language';
import { formatIsoDay } from '../format';

/**
 * A reminder of the due, in the customer's language: the customer reads it in WhatsApp (or as
 * copied text), so it names the shop, the due and how to pay, one fact per line.
 */
export function reminderText(
  language: Language,
  r: { shop: string; name: string; due: number; date: string; upiUri: string | null },
): string {
  const due = formatInr(paise(r.due));
  const date = formatIsoDay(r.date, language);
  const lines =
    language === 'hi'
      ? [
          r.name ? `नमस्ते ${r.name} जी,` : 'नमस्ते,',
          `${r.shop || 'दुकान'} के खाते में आपका बकाया ${due} है (${date} तक)।`,
          r.upiUri && `UPI से भुगतान: ${r.upiUri}`,
          'धन्यवाद।',
        ]
      : [
          r.name ? `Namaste ${r.name},` : 'Namaste,',
          `Your due in the khata at ${r.shop || 'the shop'} is ${due} (as of ${date}).`,
          r.upiUri && `Pay by UPI: ${r.upiUri}`,
          'Thank you.',
        ];
  return lines.filter(Boolean).join('\n');
}

/** The note a customer's UPI app shows beside a khata payment (tn), before the number's last 4 digits. */
export const KHATA_UPI_NOTE: Readonly<Record<Language, string>> = { en: 'Khata', hi: 'खाता' };
