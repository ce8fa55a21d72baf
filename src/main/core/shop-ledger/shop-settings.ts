import { UserFacingError } from '../errors/user-facing-error';
import { shopUrlHasPassword, withoutShopPassword } from '../../../shared/shop-url';
import type { SettingsService } from '../settings/settings-service';
import type { SecretVault } from '../vault/secret-vault';
import type { ShopLink } from '../session/provider-session';
import type { OpenShopDb } from './shop-db';
import type { ShopStatus } from './shop-types';
import type { ShopSync } from './shop-sync';
import type { z } from 'zod';
import type { shopConfigureRequestSchema } from '../../../shared/ipc/shop-schemas';

export interface ShopSettingsDeps {
  settings: Pick<SettingsService, 'get' | 'update'>;
  /** The shop ledger's password, in its own vault entry (the OS keychain in the app). */
  vault: SecretVault;
  open: OpenShopDb;
  intervalMs?: number;
}

/** The address as a key for the cursors: where, never who or with what password. */
function shopKeyOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/** The link a live session syncs through, or null when no shop ledger is set. */
export function shopLinkFrom(d: ShopSettingsDeps): ShopLink | null {
  const s = d.settings.get().shopLedger;
  if (!s.url) return null;
  const secret = d.vault.read();
  return {
    open: () => d.open({ url: s.url, tls: s.tls, password: secret.kind === 'saved' ? secret.token : null }),
    counterName: s.counterName || d.settings.get().installPrefix,
    shopKey: shopKeyOf(s.url),
    intervalMs: d.intervalMs,
  };
}

/** Saves the shop ledger's address and name in settings and its password in the vault. */
export function configureShop(d: ShopSettingsDeps, req: z.output<typeof shopConfigureRequestSchema>): void {
  // Before anything else: the password must not reach settings.json, nor even a log of the refusal.
  if (shopUrlHasPassword(req.url)) throw new UserFacingError('shop_address_password', {});
  if (req.url && d.settings.get().mode !== 'live') throw new UserFacingError('shop_needs_live', {});
  d.settings.update({ shopLedger: { url: req.url, tls: req.tls, counterName: req.counterName } });
  if (req.password === '' || !req.url) d.vault.clear();
  else if (req.password !== undefined) d.vault.set(req.password);
}

export function shopStatus(d: Pick<ShopSettingsDeps, 'settings' | 'vault'>, sync: ShopSync | null): ShopStatus {
  const s = d.settings.get();
  return {
    configured: s.shopLedger.url !== '',
    // Settings never keep a password in the address (settings-schema.ts); shown without one anyway.
    url: withoutShopPassword(s.shopLedger.url),
    tls: s.shopLedger.tls,
    counterName: s.shopLedger.counterName,
    counterPrefix: s.installPrefix,
    passwordSaved: d.vault.read().kind === 'saved',
    online: sync?.online ?? null,
    offlineSince: sync?.offlineSince ?? null,
    unsent: sync?.unsent() ?? 0,
    refused: sync?.refused ?? 0,
    lastSyncAt: sync?.lastSyncAt ?? null,
  };
}
