import { createHash } from 'node:crypto';

/**
 * Which provider wallet an account spends from, as the counters of one shop can compare it: a
 * digest of the provider's address and the reseller's username there. A wallet belongs to one
 * login at one provider, so two counters with the same pair spend from the same money, and
 * account ids ('main', 'spare') cannot say that: each counter names its accounts itself.
 * Not a secret: the token is never in it, and knowing the digest lets nobody spend; it is hashed
 * so the shop ledger carries a short, fixed-width key rather than the address and login in clear.
 * Two spellings of one account (http and https, another host name) give two keys: the watch then
 * tells a drop it could have explained, never the other way round.
 */
export function walletKey(account: { baseUrl: string; username: string }): string {
  return createHash('sha256')
    .update(`rechargedesk-wallet-1\n${address(account.baseUrl)}\n${account.username.trim()}`)
    .digest('hex')
    .slice(0, 32);
}

/** Host names are case-blind and a trailing slash changes nothing; the path still tells two APIs apart. */
function address(baseUrl: string): string {
  try {
    const u = new URL(baseUrl.trim());
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl.trim();
  }
}

/** A wallet key as it travels: the digest above, nothing else. */
export const WALLET_KEY_SHAPE = /^[0-9a-f]{32}$/;
