import type { Profile } from './profile-v2';
import { V1_CREDENTIALS } from './profile-upgrade';

/** One credential a profile declares (member id, password, PIN, API key). */
export type CredentialField = Profile['credentials'][number];

/** Why a typed credential is refused: the screen names the field by its label and says what it must be. */
export interface CredentialProblem {
  readonly name: string;
  readonly label: { readonly en: string; readonly hi: string };
  readonly problem: 'missing' | 'length' | 'chars';
  readonly min: number;
  readonly max: number;
  readonly chars: CredentialField['chars'];
}

const SHAPE: Record<CredentialField['chars'], RegExp> = {
  digits: /^[0-9]*$/,
  'letters-digits': /^[A-Za-z0-9]*$/,
  // Any visible character: no spaces, no control characters.
  printable: /^[\x21-\x7e\u00a1-\uffff]*$/,
};

/**
 * Version 1's username is a mobile number, often typed grouped (98765 43210): the one value whose
 * spaces are taken out. Every other value is kept exactly as typed, or refused.
 */
const isV1Username = (f: CredentialField) => f.name === V1_CREDENTIALS[0]?.name && f.chars === 'digits' && f.maxLength === 10;

/** Version 1's token was only ever held to its length (a provider may put any character in it): kept so. */
const isV1Token = (f: CredentialField) => f.name === V1_CREDENTIALS[1]?.name && f.secret && f.chars === 'printable';

/**
 * Checks one typed value against its declared shape: the value as it will be kept, or why not.
 * Only the ends are trimmed (a paste's stray space); nothing inside is rewritten.
 */
export function checkCredential(
  field: CredentialField,
  typed: string,
): { ok: true; value: string } | { ok: false; problem: CredentialProblem } {
  const value = isV1Username(field) ? typed.replace(/\s+/g, '') : typed.trim();
  const refuse = (problem: CredentialProblem['problem']) => ({
    ok: false as const,
    problem: { name: field.name, label: field.label, problem, min: field.minLength, max: field.maxLength, chars: field.chars },
  });
  if (value === '') return refuse('missing');
  if (!isV1Token(field) && !SHAPE[field.chars].test(value)) return refuse('chars');
  const length = [...value].length;
  if (length < field.minLength || length > field.maxLength) return refuse('length');
  return { ok: true, value };
}

/** The credentials a profile declares that are kept beside the account's settings, and those kept in the vault. */
export function splitFields(fields: readonly CredentialField[]): { plain: CredentialField[]; secret: CredentialField[] } {
  return { plain: fields.filter((f) => !f.secret), secret: fields.filter((f) => f.secret) };
}
