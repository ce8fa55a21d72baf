import * as z from 'zod';

/**
 * The parts both profile formats are made of (`profile-v1.ts`, `profile-v2.ts`). A profile may say
 * how to ask and how to read; it may not turn a reply it cannot read into a failure (see
 * `status-rules.ts` and the money law).
 */

/** The facts the core reads from a reply, whatever the provider calls them. */
export const REPLY_FIELDS = [
  'status',
  /** The call's own word where a provider gives one beside the transaction's (`Error#…` against `Success#…`). */
  'result',
  'message',
  'errorCode',
  'number',
  'amount',
  'operator',
  'refId',
  'txnId',
  'optId',
  'margin',
  'balance',
  'buyerBalance',
  'sellerBalance',
  'lienBalance',
  'complainId',
  'duplicate',
] as const;
export type ReplyField = (typeof REPLY_FIELDS)[number];

export const CALLS = ['recharge', 'status', 'balance', 'complaint'] as const;
export type CallName = (typeof CALLS)[number];

/** What each call may put in a request: anything else in a template is refused at import. */
export const PLACEHOLDERS: Record<CallName, readonly string[]> = {
  recharge: ['username', 'token', 'number', 'amount', 'amount_paise', 'operator', 'ref', 'date'],
  status: ['username', 'token', 'ref', 'date'],
  balance: ['username', 'token'],
  complaint: ['username', 'token', 'txn_id', 'reason', 'ref'],
};

/** The outcomes a rule can give. `unknown` sends the recharge to the status check, like no match. */
export const RULE_MEANINGS = ['Success', 'Pending', 'Accepted', 'Failure', 'Refunded', 'not_processed', 'unknown'] as const;
export type RuleMeaning = (typeof RULE_MEANINGS)[number];

export const MAX_TEXT = 100;
export { MAX_PROFILE_CHARS } from './profile-size';
/** Patterns a profile may hold: each is timed at load and run on every reply (pattern-cost.ts). */
export const MAX_PATTERNS = 16;
/** A pattern's length: status words and codes need few characters. */
const MAX_PATTERN = 120;
export const word = z.string().max(MAX_TEXT);
export const replyField = z.enum(REPLY_FIELDS);

const test = z.discriminatedUnion('is', [
  z.strictObject({ field: replyField, is: z.literal('equals'), value: word }),
  z.strictObject({ field: replyField, is: z.literal('oneOf'), values: z.array(word).min(1).max(200) }),
  // Run by a linear-time engine (RE2), so no pattern can hang the counter; kept short, and timed at load.
  z.strictObject({ field: replyField, is: z.literal('regex'), pattern: z.string().min(1).max(MAX_PATTERN) }),
  z.strictObject({ field: replyField, is: z.literal('number'), value: z.number().finite() }),
  // A whole-number code inside a range the provider's document gives ("codes 1 to 199 are refusals"): exact numbers, not a pattern.
  z
    .strictObject({ field: replyField, is: z.literal('between'), min: z.number().int(), max: z.number().int() })
    .refine((t) => t.min <= t.max, { message: 'min must not be above max' }),
  z.strictObject({ field: replyField, is: z.literal('present') }),
  z.strictObject({ field: replyField, is: z.literal('absent') }),
]);
export type RuleTest = z.infer<typeof test>;

export const rule = z.strictObject({ when: z.array(test).min(1).max(6), means: z.enum(RULE_MEANINGS) });
export type StatusRule = z.infer<typeof rule>;

/** A path inside a JSON or XML reply: names and array indexes joined by dots. */
export const replyPath = z.string().regex(/^[A-Za-z0-9_@:-]{1,60}(\.[A-Za-z0-9_@:-]{1,60}){0,7}$/, 'a field path is names joined by dots');
/** A name in a `key=value&…` reply, written as it is sent (dots are part of the name). */
const kvName = z.string().regex(/^[A-Za-z0-9_@:.\[\]-]{1,60}$/, 'a name is letters, digits and _ @ : . [ ] -');
const position = z.number().int().min(0).max(40);
/** A separator or joiner between facts packed in one field: a few visible characters. */
const mark = z.string().regex(/^[^\sA-Za-z0-9]{1,3}$|^ $/, 'a separator is one to three signs (or one space)');

/**
 * A fact read from inside another value (issue 36 item 5): `TxId:61,Bal:1940` read by pairs, or a
 * text read by one RE2 capture group. Finding nothing leaves the field absent; finding it twice
 * with two values makes it unreadable, never the first one.
 */
const extractor = <F extends z.ZodType>(from: F) =>
  z.union([
    z
      .strictObject({ from, pair: z.string().min(1).max(40), separator: mark, joiner: mark })
      .refine((e) => e.separator !== e.joiner, { message: 'the separator and the joiner must differ' }),
    z.strictObject({ from, capture: z.string().min(1).max(MAX_PATTERN) }),
  ]);
const pathExtractor = extractor(replyPath);
const positionExtractor = extractor(position);
const kvExtractor = extractor(kvName);
export type PairExtractor = { readonly from: string | number; readonly pair: string; readonly separator: string; readonly joiner: string };
export type CaptureExtractor = { readonly from: string | number; readonly capture: string };
export type Extractor = PairExtractor | CaptureExtractor;
export const isExtractor = (where: unknown): where is Extractor => typeof where === 'object' && where !== null;

const paths = z
  .array(z.union([replyPath, pathExtractor]))
  .min(1)
  .max(4);

const jsonReply = z.strictObject({
  format: z.literal('json'),
  fields: z.partialRecord(replyField, paths),
});
const xmlReply = z.strictObject({
  format: z.literal('xml'),
  fields: z.partialRecord(replyField, paths),
});
const delimitedReply = z.strictObject({
  format: z.literal('delimited'),
  delimiter: z.enum(['#', ',', '|', ';', '~']),
  fields: z.partialRecord(
    replyField,
    z
      .array(z.union([position, positionExtractor]))
      .min(1)
      .max(4),
  ),
});
/** A `key=value&…` body on one line (`status=SUCCESS&txid=61&bal=1940`), names as the provider writes them. */
const kvReply = z.strictObject({
  format: z.literal('kv'),
  fields: z.partialRecord(
    replyField,
    z
      .array(z.union([kvName, kvExtractor]))
      .min(1)
      .max(4),
  ),
});
export const reply = z.discriminatedUnion('format', [jsonReply, xmlReply, delimitedReply, kvReply]);
export type ReplySpec = z.infer<typeof reply>;

/**
 * Only a path on the owner's host: segments of plain characters. No scheme, no `//`, no `..`, no
 * query: a profile cannot send the token anywhere else or smuggle parameters past the encoder.
 */
export const urlPath = z
  .string()
  .max(200)
  .regex(/^(\/[A-Za-z0-9_~.-]+)+\/?$/, 'a path is /segments of letters, digits and - _ . ~')
  .refine((p) => !p.split('/').some((s) => s === '.' || s === '..'), 'a path may not climb with . or ..');

export const paramName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/);
export const template = z.string().max(200);

export const callV1 = z
  .strictObject({
    method: z.enum(['GET', 'POST']),
    encoding: z.enum(['query', 'form', 'json']),
    path: urlPath,
    params: z.record(paramName, template).refine((p) => Object.keys(p).length <= 30, 'at most 30 parameters'),
    reply,
    rules: z.array(rule).max(40).default([]),
  })
  .refine((c) => c.method === 'POST' || c.encoding === 'query', 'a GET request has no body: its encoding is query');

/**
 * Where a callback's facts are among its query or body parameters (the first name present wins),
 * and its own status rules. A callback only ever makes the app check that recharge by its
 * reference, so our reference is the one field it must name; the rest are read for the log.
 */
export const callbackSpec = z.strictObject({
  fields: z
    .partialRecord(replyField, z.array(paramName).min(1).max(4))
    .refine((f) => f.refId !== undefined, 'a callback must say which parameter holds our reference (refId)'),
  rules: z.array(rule).max(40).default([]),
});
export type CallbackSpec = z.infer<typeof callbackSpec>;

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD-MM-YYYY', 'DD/MM/YYYY', 'YYYYMMDD', 'MM/DD/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const operatorCode = z.string().regex(/^[A-Za-z0-9_-]{1,20}$/);

/** What a sample reply must be read as: a rule's meaning, or `unknown` (no rule, or no reply at all). */
export const sample = z.strictObject({
  call: z.enum(CALLS),
  note: z.string().max(120).default(''),
  body: z.string().max(4000),
  reads: z.enum(RULE_MEANINGS),
});
