import * as z from 'zod';
import { OPERATORS } from '../operators';
import {
  CALLS,
  callbackSpec,
  DATE_FORMATS,
  operatorCode,
  paramName,
  reply,
  rule,
  sample,
  template,
  urlPath,
  type CallName,
} from './profile-parts';

/**
 * Format version 2 (issue 36): what real providers' documents need that version 1 cannot say.
 * The provider's own credentials, more than one host, calls that differ by operator or by
 * mobile/DTH, headers and signatures, the provider's call limits, and calls a provider does not
 * offer. The money law is the same for both versions: nothing here can make an unread reply a
 * failure (`checkProfile`).
 */

const ourOperator = z.enum(OPERATORS.map((o) => o.code) as [string, ...string[]]);

/** Words the shopkeeper reads, in both languages the app speaks. */
export const bilingual = (max: number) => z.strictObject({ en: z.string().min(1).max(max), hi: z.string().min(1).max(max) });

/**
 * Placeholder names a profile may not give a credential or a shop value: the facts the app fills.
 * `username` and `token` are not among them: they are version 1's credentials.
 */
export const FACT_NAMES = [
  'number',
  'amount',
  'amount_paise',
  'operator',
  'kind',
  'ref',
  'date',
  'recharge_date',
  'txn_id',
  'reason',
  'timestamp',
] as const;
export type FactName = (typeof FACT_NAMES)[number];

/** What each call may put in a request besides credentials (`{name}`), `{op.x}` and `{shop.x}`. */
export const FACTS_OF: Record<CallName, readonly FactName[]> = {
  recharge: ['number', 'amount', 'amount_paise', 'operator', 'kind', 'ref', 'date', 'timestamp'],
  // The status and complaint calls may name the facts of the recharge they ask about.
  status: ['number', 'amount', 'amount_paise', 'operator', 'kind', 'ref', 'date', 'recharge_date', 'txn_id', 'timestamp'],
  balance: ['date', 'timestamp'],
  complaint: ['number', 'amount', 'amount_paise', 'operator', 'kind', 'ref', 'recharge_date', 'txn_id', 'reason', 'timestamp'],
};

const valueName = z.string().regex(/^[a-z][a-z0-9_]{0,23}$/, 'a name is lower-case letters, digits and _');

/**
 * A credential the provider gives the shop (member id, password, API key, PIN). Settings asks for
 * exactly these; a secret lives only in the OS vault and is redacted from every log line.
 */
export const credentialSpec = z
  .strictObject({
    name: valueName,
    label: bilingual(60),
    secret: z.boolean(),
    minLength: z.number().int().min(1).max(200),
    maxLength: z.number().int().min(1).max(500),
    /** digits: 0-9; letters-digits: A-Z a-z 0-9; printable: any visible character, no spaces. */
    chars: z.enum(['digits', 'letters-digits', 'printable']),
    hint: bilingual(160).optional(),
  })
  .refine((c) => c.minLength <= c.maxLength, { message: 'minLength must not be above maxLength' })
  // Every log line is cut of each secret; a secret of 1 to 3 characters would cut ordinary text (or be left in).
  .refine((c) => !c.secret || c.minLength >= 4, { message: 'a secret is at least 4 characters long (minLength 4 or more)' })
  .refine((c) => !(FACT_NAMES as readonly string[]).includes(c.name), { message: 'a credential may not take the name of a fact' });

/** A value the shop sets once for this provider (its circle, a channel id), asked in Settings. */
export const shopValueSpec = z
  .strictObject({
    name: valueName,
    label: bilingual(60),
    /** The values the provider's document allows, each with its words; the first is the default. */
    choices: z
      .array(z.strictObject({ value: z.string().regex(/^[A-Za-z0-9_ -]{1,40}$/), label: bilingual(60) }))
      .min(1)
      .max(60),
  })
  .strict();
export type ShopValueSpec = z.infer<typeof shopValueSpec>;

/**
 * A host: its address, or none to use the address the owner types for the account (a portal API
 * every shop of which has its own). The owner confirms every address a profile uses at import.
 */
const httpsOrigin = z
  .string()
  .max(120)
  .regex(/^https:\/\/[a-z0-9.-]+(:\d{2,5})?$/, 'a host is https:// and a name, nothing after it');
export const hostSpec = z.strictObject({ label: bilingual(60), url: httpsOrigin.optional() });
const hostName = z.string().regex(/^[a-z][a-z0-9-]{0,19}$/);

/** Header names a profile may set: never one the transport or the app owns. */
const headerName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/)
  .refine(
    (h) =>
      !['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'cookie', 'authorization', 'accept'].includes(
        h.toLowerCase(),
      ),
    'the app sets this header itself (use auth for Authorization)',
  );
const headers = z.record(headerName, template).refine((h) => Object.keys(h).length <= 10, 'at most 10 headers');

/** Basic or Bearer authorization, each part a template (usually credentials). */
const auth = z.discriminatedUnion('scheme', [
  z.strictObject({ scheme: z.literal('basic'), user: template, password: template }),
  z.strictObject({ scheme: z.literal('bearer'), token: template }),
]);

/**
 * A signature the provider checks: a digest of a template of values (and for HMAC a key), put in a
 * parameter or a header. Filled from the same values as the request, so it signs what is sent.
 */
export const signatureSpec = z
  .strictObject({
    name: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/),
    in: z.enum(['param', 'header']),
    of: z.string().min(1).max(400),
    algorithm: z.enum(['md5', 'sha1', 'sha256', 'sha512', 'hmac-sha256', 'hmac-sha512']),
    key: template.optional(),
    /** How the filled key is turned into bytes: as text, or as hex digits (a document's "key type: HEX"). */
    keyEncoding: z.enum(['text', 'hex']).default('text'),
    output: z.enum(['hex', 'HEX', 'base64']),
  })
  .refine((s) => s.algorithm.startsWith('hmac-') === (s.key !== undefined), { message: 'an HMAC needs a key; a plain digest has none' });
export type SignatureSpec = z.infer<typeof signatureSpec>;

/** What a variant is chosen by: the kind of recharge, the operator, or both. First match wins. */
const variantWhen = z
  .strictObject({ kind: z.enum(['mobile', 'dth']).optional(), operators: z.array(ourOperator).min(1).max(20).optional() })
  .refine((w) => w.kind !== undefined || w.operators !== undefined, 'a variant says which kind or which operators it is for');

const callShape = {
  /** A host of `hosts`; left out, the first one. */
  host: hostName.optional(),
  method: z.enum(['GET', 'POST']),
  encoding: z.enum(['query', 'form', 'json']),
  path: urlPath,
  params: z.record(paramName, template).refine((p) => Object.keys(p).length <= 30, 'at most 30 parameters'),
  headers: headers.default({}),
  auth: auth.optional(),
  sign: z.array(signatureSpec).max(3).default([]),
  reply,
  rules: z.array(rule).max(40).default([]),
};

/** A variant replaces the call's parts it names; the rest are the call's own. */
const variant = z.strictObject({
  when: variantWhen,
  host: hostName.optional(),
  method: callShape.method.optional(),
  encoding: callShape.encoding.optional(),
  path: urlPath.optional(),
  params: callShape.params.optional(),
  headers: headers.optional(),
  sign: z.array(signatureSpec).max(3).optional(),
  reply: reply.optional(),
  rules: z.array(rule).max(40).optional(),
});

export const callV2 = z
  .strictObject({ ...callShape, variants: z.array(variant).max(12).default([]) })
  .refine((c) => c.method === 'POST' || c.encoding === 'query', 'a GET request has no body: its encoding is query');
export type CallSpec = z.infer<typeof callV2>;

/** An operator's code, or its code with values a call may name as `{op.name}` (a service type). */
const operatorEntry = z.union([
  operatorCode,
  z.strictObject({ code: operatorCode, values: z.record(valueName, z.string().regex(/^[A-Za-z0-9_ .-]{0,40}$/)) }),
]);

/** The provider's limits (its document's words): the app holds back rather than break them. */
export const limitsSpec = z.strictObject({
  /** The least time between two balance reads on one account. */
  balanceEverySeconds: z.number().int().min(1).max(86_400).optional(),
  /** The most status checks on one account in any minute. */
  statusPerMinute: z.number().int().min(1).max(600).optional(),
  /** A recharge's least and greatest amount, in rupees, per operator. */
  amounts: z
    .partialRecord(
      ourOperator,
      z.strictObject({ min: z.number().int().min(1), max: z.number().int().min(1) }).refine((a) => a.min <= a.max, 'min above max'),
    )
    .optional(),
});

/** Where the profile was written from: a library profile cites its document. */
const sourceSpec = z.strictObject({
  title: z.string().min(1).max(160),
  url: z.string().url().max(300).optional(),
  /** The document's own date, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** What was checked against it, in plain words. */
  checked: z.array(z.string().min(1).max(200)).max(20).default([]),
});

export const profileV2Schema = z
  .strictObject({
    format: z.literal('rechargedesk-provider-profile'),
    formatVersion: z.literal(2),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
    version: z.number().int().min(1).max(1_000_000),
    name: z.string().min(1).max(80),
    source: sourceSpec.optional(),
    replyAmounts: z.enum(['rupees', 'paise']).default('rupees'),
    dateFormat: z.enum(DATE_FORMATS).default('YYYY-MM-DD'),
    reference: z.strictObject({ maxLength: z.number().int().min(8).max(40), digitsOnly: z.boolean() }),
    credentials: z.array(credentialSpec).min(1).max(6),
    shopValues: z.array(shopValueSpec).max(4).default([]),
    hosts: z.record(hostName, hostSpec).refine((h) => Object.keys(h).length >= 1 && Object.keys(h).length <= 4, 'one to four hosts'),
    operators: z.partialRecord(ourOperator, operatorEntry),
    errorCodes: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,30}$/), z.string().regex(/^\d{3}$/)).default({}),
    refusalHttpStatuses: z.array(z.number().int().min(400).max(499)).max(20).optional(),
    limits: limitsSpec.default({}),
    calls: z.strictObject({ recharge: callV2, status: callV2, balance: callV2.optional(), complaint: callV2.optional() }),
    /** How this provider takes complaints when it has no complaint call: shown instead of the button. */
    complaintsBy: bilingual(300).optional(),
    callback: callbackSpec.optional(),
    samples: z
      .array(sample.extend({ kind: z.enum(['mobile', 'dth']).optional(), operator: ourOperator.optional() }))
      .min(1)
      .max(60),
  })
  .superRefine((p, ctx) => {
    const names = new Set<string>();
    for (const c of [...p.credentials, ...p.shopValues]) {
      if (names.has(c.name)) ctx.addIssue({ code: 'custom', path: ['credentials'], message: `${c.name} is named twice` });
      names.add(c.name);
    }
    if (!p.calls.complaint && !p.complaintsBy)
      ctx.addIssue({ code: 'custom', path: ['complaintsBy'], message: 'without a complaint call, say how this provider takes complaints' });
    const opValues = new Set(
      Object.values(p.operators).flatMap((e) => (e === undefined || typeof e === 'string' ? [] : Object.keys(e.values))),
    );
    const credentials = new Set(p.credentials.map((c) => c.name));
    const shop = new Set(p.shopValues.map((v) => v.name));
    for (const name of CALLS) {
      const call = p.calls[name];
      if (!call) continue;
      const known = (placeholder: string): boolean => {
        if (placeholder.startsWith('op.')) return opValues.has(placeholder.slice(3));
        if (placeholder.startsWith('shop.')) return shop.has(placeholder.slice(5));
        return credentials.has(placeholder) || (FACTS_OF[name] as readonly string[]).includes(placeholder);
      };
      for (const [where, text] of templatesOf(call)) {
        for (const m of text.matchAll(/\{([^{}]*)\}/g)) {
          if (!known(m[1] ?? ''))
            ctx.addIssue({ code: 'custom', path: ['calls', name, ...where], message: `{${m[1]}} is not known in the ${name} call` });
        }
      }
      for (const host of [call.host, ...call.variants.map((v) => v.host)])
        if (host !== undefined && !(host in p.hosts))
          ctx.addIssue({ code: 'custom', path: ['calls', name, 'host'], message: `host ${host} is not among the profile's hosts` });
    }
  });

export type Profile = z.infer<typeof profileV2Schema>;

/** Every template of a call with where it is, variants included: each is checked for its placeholders. */
export function templatesOf(call: CallSpec): [string[], string][] {
  const out: [string[], string][] = [];
  const add = (at: string[], params: Readonly<Record<string, string>> | undefined) => {
    for (const [k, v] of Object.entries(params ?? {})) out.push([[...at, k], v]);
  };
  const signs = (at: string[], sign: readonly SignatureSpec[] | undefined) =>
    (sign ?? []).forEach((s, i) => {
      out.push([[...at, 'sign', String(i), 'of'], s.of]);
      if (s.key !== undefined) out.push([[...at, 'sign', String(i), 'key'], s.key]);
    });
  add(['params'], call.params);
  add(['headers'], call.headers);
  if (call.auth?.scheme === 'basic') out.push([['auth', 'user'], call.auth.user], [['auth', 'password'], call.auth.password]);
  if (call.auth?.scheme === 'bearer') out.push([['auth', 'token'], call.auth.token]);
  signs([], call.sign);
  call.variants.forEach((v, i) => {
    add(['variants', String(i), 'params'], v.params);
    add(['variants', String(i), 'headers'], v.headers);
    signs(['variants', String(i)], v.sign);
  });
  return out;
}
