import * as z from 'zod';
import type { TokenRead } from './secret-vault';

/**
 * What one account's vault entry holds. A version 1 account keeps its token alone, exactly as
 * before (an older app, a restore, a move still read it). Any other profile's secrets are kept
 * together with the address of every host they were typed for: a profile that later sends them
 * elsewhere finds them no longer its own (account-credentials.ts).
 */
export type SecretBundle =
  { kind: 'token'; token: string } | { kind: 'bundle'; secrets: Record<string, string>; hosts: Record<string, string> };

const MARK = 'rechargedesk-secrets:1:';

const bundleSchema = z.strictObject({
  secrets: z.record(z.string().max(24), z.string().max(500)),
  hosts: z.record(z.string().max(20), z.string().max(500)),
});

/** The bundle in a vault's answer; an entry that is not one is a version 1 token. */
export function readBundle(read: TokenRead & { kind: 'saved' }): SecretBundle {
  if (!read.token.startsWith(MARK)) return { kind: 'token', token: read.token };
  try {
    const parsed = bundleSchema.safeParse(JSON.parse(read.token.slice(MARK.length)));
    if (parsed.success) return { kind: 'bundle', ...parsed.data };
  } catch {
    // Not JSON after the mark: read as no secrets, so the account asks for them again.
  }
  return { kind: 'bundle', secrets: {}, hosts: {} };
}

export function writeBundle(b: SecretBundle): string {
  return b.kind === 'token' ? b.token : MARK + JSON.stringify({ secrets: b.secrets, hosts: b.hosts });
}

/** Every secret value a vault's answer holds: the log, diagnostics and replies cut each one out. */
export function secretValues(read: TokenRead): string[] {
  if (read.kind !== 'saved') return [];
  const b = readBundle(read);
  return b.kind === 'token' ? [b.token] : Object.values(b.secrets);
}
