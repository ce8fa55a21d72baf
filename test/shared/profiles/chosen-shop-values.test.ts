import { describe, expect, it } from 'vitest';
import { libraryEngine } from '../../../src/shared/profiles/library/library-profiles';
import { builtinEngine } from '../../../src/shared/profiles/builtin-profiles';
import { chosenShopValues } from '../../../src/shared/profiles/chosen-shop-values';

// The rule for what a request sends for a shop value: the shop's choice when the profile offers
// it, else the document's default, and a saved value the profile does not offer is named, not sent.
const rechargKit = libraryEngine('rechargkit').profile;

describe('the shop’s chosen values, read against the profile', () => {
  it('sends a choice the profile offers, as saved', () => {
    expect(chosenShopValues(rechargKit.shopValues, { circle: '7' })).toEqual({ values: { circle: '7' }, setAside: [] });
  });

  it('sends the document’s default while nothing is chosen, and says nothing was set aside', () => {
    expect(chosenShopValues(rechargKit.shopValues, undefined)).toEqual({ values: { circle: '1' }, setAside: [] });
  });

  it('never sends a value the profile does not offer (a hand edit, a profile changed since): the default goes, and it is named', () => {
    const read = chosenShopValues(rechargKit.shopValues, { circle: '99' });
    expect(read.values).toEqual({ circle: '1' });
    expect(read.setAside).toEqual([
      { name: 'circle', label: rechargKit.shopValues[0]!.label, saved: '99', sent: { en: 'Circle code 1', hi: 'सर्कल कोड 1' } },
    ]);
  });

  it('leaves out names the profile does not declare, and a profile without shop values sends none', () => {
    expect(chosenShopValues(rechargKit.shopValues, { circle: '3', zone: 'north' }).values).toEqual({ circle: '3' });
    expect(chosenShopValues(builtinEngine().profile.shopValues, { circle: '3' })).toEqual({ values: {}, setAside: [] });
  });
});
