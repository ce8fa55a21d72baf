import { withoutMobilePrefix, type OperatorCategory } from './operators';

/**
 * Cleans what a shopkeeper types or pastes: spaces, dashes, dots and a leading + go. On a mobile
 * operator (or the Mobile tab) a +91 / 91 / 0 is dropped only when what is left is a mobile number;
 * anything else keeps every digit (a DTH ID's leading 0 or 91 matters), to be sent whole or refused.
 */
export function cleanNumber(input: string, category: OperatorCategory): string {
  const digits = input.replace(/[\s\-.()]/g, '').replace(/^\+/, '');
  if (!/^\d*$/.test(digits)) return input.trim();
  return category === 'mobile' ? withoutMobilePrefix(digits) : digits;
}

/** Groups a number for reading aloud: 98765 43210 for mobiles, fours for long IDs. */
export function groupForReading(number: string): string {
  if (/^\d{10}$/.test(number)) return `${number.slice(0, 5)} ${number.slice(5)}`;
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
