import type { ProviderFields } from '../provider-fields';
import { CALLS, profileSchema, type CallName, type CallSpec, type Profile, type RuleMeaning } from './profile-schema';
import { readReply } from './reply-reader';
import { providerFields } from './reply-fields';
import { compileRules, type CompiledRules } from './status-rules';
import { checkProfile, sampleFaults, type ProfileFault } from './profile-check';
import { DOCUMENT_CALLBACK, readCallback, type ReadCallback } from './callback-reader';
import { buildRequest, type HttpRequest } from './request-builder';
import { requestValues } from './request-values';
import type { Digest } from './signature';
import { resolveCall, variantIndex, type RechargeKind, type ResolvedCall, type VariantFacts } from './call-variant';
import { hostOf, hostUrl, type HostAddresses } from './call-host';
import { operatorCodes } from './profile-operators';

/** What a call puts in its request, in our words; the profile says the provider's. */
export interface CallValues {
  /** The profile's declared credentials by name (version 1's: `username` and `token`). */
  readonly credentials: Readonly<Record<string, string>>;
  /** The values the shop set for this provider (`{shop.x}`). */
  readonly shop?: Readonly<Record<string, string>>;
  readonly number?: string;
  readonly amountRupees?: number;
  /** Our operator code: chooses the call's variant and fills `{operator}` and `{op.x}`. */
  readonly operator?: string;
  /** Mobile or DTH; left out, the operator's own (operators.ts). */
  readonly kind?: RechargeKind;
  readonly ref?: string;
  /** India's calendar date, YYYY-MM-DD. */
  readonly date?: string;
  /** The day of the recharge a status check or complaint asks about, YYYY-MM-DD; left out, `date`. */
  readonly rechargeDate?: string;
  readonly txnId?: string;
  readonly reason?: string;
  /** Unix milliseconds for `{timestamp}`; left out, now. */
  readonly now?: number;
}

export interface ReadReply {
  readonly fields: ProviderFields;
  /** The first rule that held, or null: a reply no rule reads is unknown, never a failure. */
  readonly meaning: RuleMeaning | null;
}

/** A profile made ready to use: its rules compiled once, its templates checked once. */
export interface ProfileEngine {
  readonly profile: Profile;
  /** `id@version`: a transaction keeps it, so an old reply is read as it was sent. */
  readonly tag: string;
  /** The provider's code for our operator, or null when this profile cannot send to it. */
  operatorCode(ours: string): string | null;
  /** Throws NoHostAddress (no address for its host) or HeaderRefused (a line break in a header): nothing is sent. */
  request(call: CallName, hosts: HostAddresses, values: CallValues): HttpRequest;
  /**
   * null: the body is not a reply at all (an HTML page, nothing, the wrong format). `facts`: the
   * recharge's operator (and kind) the call was sent for, so the variant it was sent with reads it.
   */
  read(call: CallName, body: string, facts?: VariantFacts): ReadReply | null;
  /** A callback's query or body parameters; null when they name no reference of ours. */
  readCallback(params: Readonly<Record<string, string>>): ReadCallback | null;
}

export class ProfileRefused extends Error {
  constructor(readonly faults: readonly ProfileFault[]) {
    super(`profile refused: ${faults.map((f) => ('call' in f ? `${f.fault} in ${f.call}` : f.fault)).join(', ')}`);
  }
}

/**
 * What the client would make of a reply: a rule's meaning; for a balance or complaint that no rule
 * refuses, an answer (Success) when it carries the figure or id the call is for.
 */
export function sampleReading(call: CallName, read: ReadReply | null): RuleMeaning {
  if (!read) return 'unknown';
  if (read.meaning !== null) return read.meaning;
  if (call === 'balance') return read.fields.buyerBalance === null ? 'unknown' : 'Success';
  if (call === 'complaint') return read.fields.complainId === '' ? 'unknown' : 'Success';
  return 'unknown';
}

/**
 * Whether the law must be checked: `known` for content that passed `checkProfile` under this
 * LAW_REVISION before (a built-in one, whose tests check it; a file whose verdict was kept by its
 * content hash), so a load costs the parse and the samples, not the corpus and the timing again.
 */
export type LawVerdict = 'check' | 'known';

/**
 * Throws on a profile that does not parse or breaks a law (`checkProfile`): callers word it.
 * `digest`: the platform's, for a profile that signs its requests (src/shared has none of its own).
 */
export function createEngine(input: unknown, verdict: LawVerdict = 'check', digest?: Digest): ProfileEngine {
  // Parsed once per load: zod's compiled fast path would be built (new Function) to run once.
  const profile = profileSchema.parse(input, { jitless: true });
  const faults = verdict === 'check' ? checkProfile(profile) : [];
  if (faults.length > 0) throw new ProfileRefused(faults);
  // Each call's rules, and each of its variants', compiled once.
  const rules = Object.fromEntries(
    CALLS.map((name) => {
      const call = profile.calls[name];
      if (!call) return [name, null];
      return [name, { own: compileRules(call.rules), variants: call.variants.map((v) => (v.rules ? compileRules(v.rules) : null)) }];
    }),
  ) as Record<CallName, { own: CompiledRules; variants: (CompiledRules | null)[] } | null>;
  // Each call as each of its variants sends it, laid out once.
  const laidOut = new Map<string, ResolvedCall>();
  const resolvedOf = (name: CallName, spec: CallSpec, variant: number | null): ResolvedCall => {
    const key = `${name}:${variant ?? ''}`;
    const known = laidOut.get(key);
    if (known) return known;
    const made = resolveCall(spec, variant);
    laidOut.set(key, made);
    return made;
  };
  const operators = operatorCodes(profile);
  const callback = profile.callback ?? DOCUMENT_CALLBACK;
  const callbackRules = compileRules(callback.rules);
  const engine: ProfileEngine = {
    profile,
    tag: `${profile.id}@${profile.version}`,
    operatorCode: (ours) => operators[ours] ?? null,
    request(call, hosts, v) {
      const spec = profile.calls[call];
      // The client asks only what the profile offers (issue 36, item 7); asking more is a bug here.
      if (!spec) throw new Error(`the ${call} call is not offered by profile ${profile.id}`);
      const resolved = resolvedOf(call, spec, variantIndex(spec, v));
      const baseUrl = hostUrl(profile, hostOf(profile, resolved.host), hosts);
      return buildRequest(baseUrl, resolved, requestValues(profile, operators, v), digest);
    },
    read(call, body, facts = {}) {
      const spec = profile.calls[call];
      const compiled = rules[call];
      if (!spec || !compiled) return null;
      const variant = variantIndex(spec, facts);
      const raw = readReply(body, resolvedOf(call, spec, variant).reply);
      if (!raw) return null;
      const meaning = ((variant === null ? null : compiled.variants[variant]) ?? compiled.own).meaning(raw);
      const fields = providerFields(raw, meaning, profile.replyAmounts);
      const ours = fields.errorCode === null ? undefined : profile.errorCodes[fields.errorCode];
      return { fields: ours === undefined ? fields : { ...fields, errorCode: ours }, meaning };
    },
    readCallback: (params) => readCallback(callback, callbackRules, params, profile.replyAmounts),
  };
  const misread = sampleFaults(profile, (call, body, facts) => sampleReading(call, engine.read(call, body, facts)));
  if (misread.length > 0) throw new ProfileRefused(misread);
  return engine;
}
