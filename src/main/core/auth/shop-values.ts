import type { Profile } from '../../../shared/profiles/profile-v2';
import { chosenShopValues, type SetAsideChoice } from '../../../shared/profiles/chosen-shop-values';
import type { ShopChoices } from '../../../shared/profiles/shop-choices';
import { UserFacingError } from '../errors/user-facing-error';

/**
 * The shop's choices as a save keeps them: each must name a shop value of the profile and be one
 * of its choices. The screen offers no other, so anything else is a request in the wrong form.
 */
function checkShopChoices(p: Profile, given: ShopChoices): ShopChoices {
  for (const [name, value] of Object.entries(given)) {
    const spec = p.shopValues.find((s) => s.name === name);
    if (!spec?.choices.some((c) => c.value === value)) throw new UserFacingError('bad_request', { detail: `shop.${name}` });
  }
  return { ...given };
}

/** What Settings shows of an account's shop values: what is sent, and any saved value set aside. */
export function shopFields(p: Profile, saved: ShopChoices | undefined): { shop: Record<string, string>; shopSetAside: SetAsideChoice[] } {
  const chosen = chosenShopValues(p.shopValues, saved);
  return { shop: chosen.values, shopSetAside: chosen.setAside };
}

/** A save's shop values: those given, checked; none given (version 1's callers), the saved ones as they were. */
export function shopKept(p: Profile, given: ShopChoices | undefined, saved: ShopChoices | undefined): { shop?: ShopChoices } {
  if (given !== undefined) return { shop: checkShopChoices(p, given) };
  return saved === undefined ? {} : { shop: saved };
}
