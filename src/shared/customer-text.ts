import { SETTING_TEXT_MAX } from './field-limits';
import { PAYEE_MAX } from './payment/upi-link';

/** The longest name a person at the counter may have, in characters. */
export const PERSON_NAME_MAX = 40;

/**
 * Texts the shop's customers read (issue 38 item 4): the shop's name and address on receipts and in
 * WhatsApp reminders, the UPI payee name their UPI app shows. Refused, never silently rewritten: a
 * line break fakes a second line in a reminder, a bidirectional mark makes a name read otherwise
 * than it is written, and a link in the shop's name is a link the customer is invited to trust.
 */
export const CUSTOMER_TEXT_FIELDS = ['shopName', 'shopAddress', 'upiPayee', 'personName'] as const;
export type CustomerTextField = (typeof CUSTOMER_TEXT_FIELDS)[number];

export const CUSTOMER_TEXT_PROBLEMS = ['line_break', 'hidden', 'link', 'too_long'] as const;
export type CustomerTextProblem = (typeof CUSTOMER_TEXT_PROBLEMS)[number];

export const CUSTOMER_TEXT_MAX: Readonly<Record<CustomerTextField, number>> = {
  shopName: SETTING_TEXT_MAX.shopText,
  shopAddress: SETTING_TEXT_MAX.shopText,
  upiPayee: PAYEE_MAX,
  // A person at the counter (issue 38): a later slice prints who served on the customer's receipt.
  personName: PERSON_NAME_MAX,
};

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;
/** Control and format characters: the bidirectional marks and overrides, zero-width joiners, the BOM. */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;
/** A scheme, a www., or a dotted host with a common top-level name: what a messaging app turns into a link. */
const LINK = /([a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|in|net|org|io|me|co|ly|xyz|app|link|info|biz|online|site|shop|store)\b)/iu;

/** What is wrong with a text the customer will read, or null when it may be saved as it is. */
export function customerTextProblem(field: CustomerTextField, text: string): CustomerTextProblem | null {
  if (LINE_BREAK.test(text)) return 'line_break';
  if (HIDDEN.test(text)) return 'hidden';
  // Only the shop's name travels in reminders, where WhatsApp turns what looks like a link into one.
  if (field === 'shopName' && LINK.test(text)) return 'link';
  if ([...text].length > CUSTOMER_TEXT_MAX[field]) return 'too_long';
  return null;
}
