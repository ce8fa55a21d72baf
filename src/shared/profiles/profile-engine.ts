import type { ProviderFields } from '../provider-fields';
import { profileSchema, type CallName, type Profile, type RuleMeaning } from './profile-schema';
import { readReply } from './reply-reader';
import { providerFields } from './reply-fields';
import { compileRules, type CompiledRules } from './status-rules';
import { checkProfile, sampleFaults, type ProfileFault } from './profile-check';
import { DOCUMENT_CALLBACK, readCallback, type ReadCallback } from './callback-reader';
import { buildRequest, formatDate, type HttpRequest } from './request-builder';
import { operatorCodes } from './profile-operators';

/** What a call puts in its request, in our words; the profile says the provider's. */
export interface CallValues {
  readonly username: string;
  readonly token: string;
  readonly number?: string;
  readonly amountRupees?: number;
  readonly operator?: string;
  readonly ref?: string;
  /** India's calendar date, YYYY-MM-DD. */
  readonly date?: string;
  readonly txnId?: string;
  readonly reason?: string;
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
  request(call: CallName, baseUrl: string, values: CallValues): HttpRequest;
  /** null: the body is not a reply at all (an HTML page, nothing, the wrong format). */
  read(call: CallName, body: string): ReadReply | null;
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

/** Throws on a profile that does not parse or breaks a law (`checkProfile`): callers word it. */
export function createEngine(input: unknown, verdict: LawVerdict = 'check'): ProfileEngine {
  const profile = profileSchema.parse(input);
  const faults = verdict === 'check' ? checkProfile(profile) : [];
  if (faults.length > 0) throw new ProfileRefused(faults);
  const rules = Object.fromEntries(Object.entries(profile.calls).map(([name, call]) => [name, compileRules(call?.rules ?? [])])) as Record<
    CallName,
    CompiledRules
  >;
  const operators = operatorCodes(profile);
  const callback = profile.callback ?? DOCUMENT_CALLBACK;
  const callbackRules = compileRules(callback.rules);
  const engine: ProfileEngine = {
    profile,
    tag: `${profile.id}@${profile.version}`,
    operatorCode: (ours) => operators[ours] ?? null,
    request(call, baseUrl, v) {
      const values: Record<string, string> = {
        username: v.username,
        token: v.token,
        number: v.number ?? '',
        amount: v.amountRupees === undefined ? '' : String(v.amountRupees),
        amount_paise: v.amountRupees === undefined ? '' : String(v.amountRupees * 100),
        operator: v.operator === undefined ? '' : (operators[v.operator] ?? v.operator),
        ref: v.ref ?? '',
        date: v.date === undefined ? '' : formatDate(v.date, profile.dateFormat),
        txn_id: v.txnId ?? '',
        reason: v.reason ?? '',
      };
      const spec = profile.calls[call];
      // The client asks only what the profile offers (issue 36, item 7); asking more is a bug here.
      if (!spec) throw new Error(`the ${call} call is not offered by profile ${profile.id}`);
      return buildRequest(baseUrl, spec, values);
    },
    read(call, body) {
      const spec = profile.calls[call];
      if (!spec) return null;
      const raw = readReply(body, spec.reply);
      if (!raw) return null;
      const meaning = rules[call].meaning(raw);
      const fields = providerFields(raw, meaning, profile.replyAmounts);
      const ours = fields.errorCode === null ? undefined : profile.errorCodes[fields.errorCode];
      return { fields: ours === undefined ? fields : { ...fields, errorCode: ours }, meaning };
    },
    readCallback: (params) => readCallback(callback, callbackRules, params, profile.replyAmounts),
  };
  const misread = sampleFaults(profile, (call, body) => sampleReading(call, engine.read(call, body)));
  if (misread.length > 0) throw new ProfileRefused(misread);
  return engine;
}
