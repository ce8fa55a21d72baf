import { withoutMobilePrefix, type OperatorCategory } from './operators';

/**
 * Cleans what a shopkeeper types or pastes: spaces, dashes and dots go, and a mobile number's
 * +91 / 91 / 0 prefix is dropped. DTH IDs keep their digits as they are (a leading 0 matters).
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
