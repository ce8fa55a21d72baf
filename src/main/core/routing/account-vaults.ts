import type { AccountId } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { rememberedVault } from '../vault/remembered-vault';
import type { SecretVault } from '../vault/secret-vault';
import { tokenKeyFor } from './vault-keys';
import { secretValues } from '../vault/secret-bundle';

export interface AccountVaults {
  /** The vault of one account's token: the first account's is today's vault itself. */
  vaultFor(account: AccountId): SecretVault;
  /** Every secret of every account vault opened so far, each profile's own (the log cuts them from its lines). */
  secrets(): string[];
}

/**
 * One vault per provider account, each under its own key (vault-keys.ts), opened when first asked
 * for and kept: the log asks for the secrets on every line, and each read may be a decryption.
 */
export function accountVaults(main: SecretVault, open: (key: string) => SecretVault): AccountVaults {
  const opened = new Map<string, SecretVault>([[FIRST_ACCOUNT_ID, main]]);
  return {
    vaultFor(account) {
      const key = tokenKeyFor(account);
      let vault = opened.get(account);
      if (!vault) {
        vault = rememberedVault(open(key));
        opened.set(account, vault);
      }
      return vault;
    },
    secrets() {
      return [...opened.values()].flatMap((v) => secretValues(v.read()));
    },
  };
}
