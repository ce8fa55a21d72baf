import * as z from 'zod';
import type { ShopValueSpec } from './profile-v2';

/**
 * The shop's chosen value per shop value of its profile, as settings and routing.json keep it:
 * only the shape here. Whether a value is one the profile offers is asked when it is read
 * (`chosenShopValues`), because the profile can change after the choice was saved.
 */
export const shopChoicesSchema = z.record(z.string().max(24), z.string().max(40));
export type ShopChoices = z.infer<typeof shopChoicesSchema>;

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
    const [first, ...rest] = spec.choices.map((c) => c.value);
    const offered = z.enum([first ?? '', ...rest]);
    const given = saved?.[spec.name];
    const read = offered.safeParse(given);
    const fallback = spec.choices[0];
    values[spec.name] = read.success ? read.data : (fallback?.value ?? '');
    if (!read.success && given !== undefined && fallback)
      setAside.push({ name: spec.name, label: spec.label, saved: given, sent: fallback.label });
  }
  return { values, setAside };
}
