import type { Profile } from '../../../../src/shared/profiles/profile-schema';
import type { TxnStatus } from '../../../../src/shared/status';

// What a provider's dialect can tell the counter, read from its profile: the crash run sets apart
// what a dialect cannot say (untold) from what the counter holds against the provider (mis-told).

/** The sandbox's reversal: a success the provider gave back later (…3333). */
export const reversed = (ledger: TxnStatus, provider: string) => ledger === 'Success' && provider === 'Refunded';

/** The statuses the profile's status check can say, its variants' included. */
export function statusWords(profile: Profile): Set<string> {
  const call = profile.calls.status;
  if (!call) return new Set();
  return new Set([call.rules, ...call.variants.map((v) => v.rules ?? [])].flat().map((r) => r.means));
}

/** The status check names the recharge only by the provider's own id (the recharge's reply gives it). */
export function asksByProviderId(profile: Profile): boolean {
  const call = profile.calls.status;
  if (!call) return false;
  const params = [call.params, ...call.variants.map((v) => v.params ?? {})].flatMap((p) => Object.values(p));
  return params.some((t) => t.includes('{txn_id}')) && !params.some((t) => t.includes('{ref}'));
}

/** Whether a recharge or status reply of the profile can say the provider's margin on a recharge. */
export function tellsMargin(profile: Profile): boolean {
  const calls = [profile.calls.recharge, profile.calls.status];
  return calls.some((c) => c !== undefined && [c.reply, ...c.variants.map((v) => v.reply)].some((r) => r?.fields.margin !== undefined));
}
