import { isMobileNumber, withoutMobilePrefix } from '../../shared/operators';

/**
 * What the shopkeeper types in History's one search box, as the ledger can match it: a number
 * grouped for reading ("98765 43210"), with +91 or a leading 0, becomes its plain digits; the last
 * 4 digits stay as they are (the ledger matches them as an ending). IDs pass through trimmed.
 */
export function normalizeSearch(text: string): string {
  const trimmed = text.trim();
  if (!/^\+?[\d\s\-().]+$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  // Only a mobile number loses its prefix: a DTH ID may itself start with 0 or 91.
  const mobile = withoutMobilePrefix(digits);
  return isMobileNumber(mobile) ? mobile : digits;
}
