import { redactSecrets } from '../reseller/redact';
import { secretsInFlight } from './secrets-in-flight';

/**
 * 8 or more digits in a row, or in groups split by single spaces (how the screen groups a number
 * for reading aloud: "98765 43210", "0123 4567 890"), with an optional +91 in front.
 */
const LONG_NUMBER = /(?<!\d)\+?\d(?:[ ]?\d){7,}(?!\d)/g;

/** A customer number as support may see it: its last 4 digits. */
function lastFour(match: string): string {
  const digits = match.replace(/\D/g, '');
  return `******${digits.slice(-4)}`;
}

/**
 * Whatever goes into the shop's log or a diagnostics file: never the token (nor an api_token=
 * in a URL), never a full mobile number or DTH subscriber ID (10 to 12 digits; anything of 8 or
 * more digits is cut to its last 4 to be safe), never an owner PIN while one is being handled.
 */
export function redactLogText(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  return redactSecrets(text, [...secrets, ...secretsInFlight()]).replace(LONG_NUMBER, lastFour);
}
