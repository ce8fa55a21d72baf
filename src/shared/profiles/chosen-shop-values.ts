import type { ShopValueSpec } from './profile-v2';

// Without zod: Settings' window uses this in its first script, which carries no schema (desk-api.ts).
/** A saved value the profile does not offer (a hand-edited file, a profile changed since): not sent. */
export interface SetAsideChoice {
  readonly name: string;
  readonly label: { en: string; hi: string };
  /** What the file holds. */
  readonly saved: string;
  /** What is sent instead: the document's default, until the owner chooses and saves. */
  readonly sent: { en: string; hi: string };
}

/**
 * What every call of the account sends for `{shop.x}`: the saved choice when it is one of the
 * profile's, else the document's default (its first). A saved value that is not among the choices
 * is never sent: it is set aside and named, so Settings can say so until the owner chooses again.
 */
export function chosenShopValues(
  specs: readonly ShopValueSpec[],
  saved: Readonly<Record<string, string>> | undefined,
): { values: Record<string, string>; setAside: SetAsideChoice[] } {
  const values: Record<string, string> = {};
  const setAside: SetAsideChoice[] = [];
  for (const spec of specs) {
    const given = saved?.[spec.name];
    const offered = given !== undefined && spec.choices.some((c) => c.value === given);
    const fallback = spec.choices[0];
    values[spec.name] = offered ? given : (fallback?.value ?? '');
    if (!offered && given !== undefined && fallback)
      setAside.push({ name: spec.name, label: spec.label, saved: given, sent: fallback.label });
  }
  return { values, setAside };
}
