import { createHash } from 'node:crypto';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { CALLS, type CallName, type Profile } from '../../../shared/profiles/profile-schema';

type BenchHost = NonNullable<ResponseOf<'profile:bench'>['hosts']>[number];
type Confirmed = Readonly<Record<string, string | null>>;

/** The first host is the one a call that names none is sent to (the format's rule). */
const hostOf = (profile: Profile, name: string | undefined): string => name ?? Object.keys(profile.hosts)[0] ?? '';

/**
 * Every host a profile declares, with the calls sent to it, and how it differs from the saved
 * profile of the same id: the owner confirms these before a secret may go to any of them.
 */
export function benchHosts(profile: Profile, saved: Profile | null): BenchHost[] {
  return Object.entries(profile.hosts).map(([name, spec]) => {
    const calls = CALLS.filter((c: CallName) => {
      const call = profile.calls[c];
      return call !== undefined && [call.host, ...call.variants.map((v) => v.host ?? call.host)].some((h) => hostOf(profile, h) === name);
    });
    const url = spec.url ?? null;
    const before = saved?.hosts[name];
    const was = before === undefined ? undefined : (before.url ?? null);
    return { name, label: spec.label, url, calls, ...(was === undefined ? {} : { was }), changed: saved !== null && was !== url };
  });
}

/** True when the owner confirmed exactly the hosts this profile declares, each at the address shown. */
export function hostsConfirmed(profile: Profile, hosts: Confirmed | undefined): boolean {
  if (!hosts) return false;
  const declared = Object.entries(profile.hosts);
  return declared.length === Object.keys(hosts).length && declared.every(([name, spec]) => hosts[name] === (spec.url ?? null));
}

/** One text with the hosts confirmed for it: what a passed connection test is kept under. */
export function textKey(text: string, hosts: Confirmed): string {
  const sorted = Object.keys(hosts)
    .sort()
    .map((k) => [k, hosts[k]]);
  return createHash('sha256').update(text).update('\u0000').update(JSON.stringify(sorted)).digest('hex');
}

/** Shorter values are too common to be a credential found by accident (a "1", a "main"). */
const CREDENTIAL_MIN_CHARS = 4;

/**
 * A profile's text for others: any credential value of this shop's account written into it (a
 * user id or password kept as a constant) is put back as its placeholder, so the file carries the
 * provider's dialect and never the shop's secret.
 */
export function withoutCredentials(text: string, credentials: Readonly<Record<string, string>>): string {
  const values = Object.entries(credentials)
    .filter(([, v]) => v.length >= CREDENTIAL_MIN_CHARS)
    .sort(([, a], [, b]) => b.length - a.length);
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return values.reduce((s, [name, value]) => s.split(value).join(`{${name}}`), v);
    if (Array.isArray(v)) return v.map(clean);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clean(x)]));
    return v;
  };
  return `${JSON.stringify(clean(JSON.parse(text.replace(/^\uFEFF/, ''))), null, 2)}\n`;
}
