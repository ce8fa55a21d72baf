import {
  CALLS,
  isExtractor,
  type CallName,
  type Extractor,
  type ReplyField,
  type ReplySpec,
  type RuleMeaning,
  type StatusRule,
} from '../../shared/profiles/profile-schema';
import type { ProfileEngine } from '../../shared/profiles/profile-engine';
import { resolveCall, variantIndex, type VariantFacts } from '../../shared/profiles/call-variant';
import { ENDPOINT_OF } from './dialect-request';
import { parseAmountToPaise } from '../../shared/money';
import { operatorCodes } from '../../shared/profiles/profile-operators';
import { patternExample } from './pattern-example';

export type Values = Partial<Record<ReplyField, string>>;

/** The document's reply names as profile fields. */
const FROM_DOCUMENT: Readonly<Record<string, ReplyField>> = {
  status: 'status',
  message: 'message',
  errorcode: 'errorCode',
  number: 'number',
  amount: 'amount',
  operator: 'operator',
  ref_id: 'refId',
  txn_id: 'txnId',
  opt_id: 'optId',
  margin_amount: 'margin',
  balance: 'balance',
  buyerBalance: 'buyerBalance',
  sellerBalance: 'sellerBalance',
  lienBalance: 'lienBalance',
  complain_id: 'complainId',
};
const MONEY = new Set<ReplyField>(['amount', 'margin', 'balance', 'buyerBalance', 'sellerBalance', 'lienBalance']);
/** Fields that say how the call went: a rule sets them; the rest carry the canonical reply's data. */
const VERDICT_FIELDS = new Set<ReplyField>(['status', 'result']);

function setPath(root: Record<string, unknown>, path: string, value: string): void {
  const steps = path.split('.');
  let at = root;
  for (const step of steps.slice(0, -1)) {
    const next = at[step];
    at = (next !== null && typeof next === 'object' ? next : (at[step] = {})) as Record<string, unknown>;
  }
  at[steps.at(-1) ?? path] = value;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function xmlOf(node: unknown): string {
  if (node === null || typeof node !== 'object') return escapeXml(String(node));
  return Object.entries(node as Record<string, unknown>)
    .map(([k, v]) => `<${k}>${xmlOf(v)}</${k}>`)
    .join('');
}

type Place = string | number;

/**
 * Each value at the place the profile reads it first: a plain field as it is, a fact an extractor
 * reads packed into its source (pairs joined by the profile's marks, a capture's value inside the
 * words around it), after the source's own value where it has one.
 */
function placed(spec: ReplySpec, values: Values): Map<Place, string> {
  const plain = new Map<Place, string>();
  const packed = new Map<Place, { pieces: string[]; separator: string }>();
  for (const [field, wheres] of Object.entries(spec.fields) as [ReplyField, readonly (Place | Extractor)[]][]) {
    const v = values[field];
    const where = wheres[0];
    if (v === undefined || where === undefined) continue;
    if (!isExtractor(where)) {
      // A delimited line keeps the first value put at a position, a tree the last one (as before).
      if (spec.format !== 'delimited' || (plain.get(where) ?? '') === '') plain.set(where, v);
      continue;
    }
    const pack = packed.get(where.from) ?? { pieces: [], separator: 'pair' in where ? where.separator : ' ' };
    pack.pieces.push(
      'pair' in where ? `${where.pair}${where.joiner}${v.split(where.separator).join(' ')}` : patternExample(where.capture, v),
    );
    packed.set(where.from, pack);
  }
  for (const [from, { pieces, separator }] of packed) plain.set(from, [plain.get(from), ...pieces].filter((t) => t).join(separator));
  return plain;
}

/** Only what would end a name or a value, or a line, is escaped: a provider's `TxId:61,Bal:1940` stays as it is. */
const kvText = (s: string) =>
  s.replace(/[%&=+\r\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).replace(/ /g, '+');

/** Writes the values the way the profile reads them: each at its first path, position or name. */
function render(spec: ReplySpec, values: Values): string {
  const at = placed(spec, values);
  if (spec.format === 'delimited') {
    const parts: string[] = [];
    for (const [p, v] of at)
      parts[Number(p)] = v
        .split(spec.delimiter)
        .join(' ')
        .replace(/[\r\n]+/g, ' ');
    return Array.from(parts, (p) => p ?? '').join(spec.delimiter);
  }
  if (spec.format === 'kv') return [...at].map(([name, v]) => `${kvText(String(name))}=${kvText(v)}`).join('&');
  const root: Record<string, unknown> = {};
  for (const [path, v] of at) setPath(root, String(path), v);
  return spec.format === 'json' ? JSON.stringify(root) : xmlOf(root);
}

/**
 * Values that make a rule's fixed tests hold; tests that only look (present, absent, a pattern) on
 * the reply's data are left to the read-back, which is the judge. null when the data rules it out.
 */
export function satisfy(rule: StatusRule, data: Values): Values | null {
  const out: Values = { ...data };
  for (const t of rule.when) {
    if (t.is === 'equals') out[t.field] = t.value;
    else if (t.is === 'oneOf') out[t.field] = t.values.includes(out[t.field] ?? '') ? out[t.field] : t.values[0];
    else if (t.is === 'number') out[t.field] = String(t.value);
    else if (t.is === 'between') {
      const n = Number(out[t.field]);
      if (!(Number.isInteger(n) && n >= t.min && n <= t.max)) out[t.field] = String(t.min);
    } else if (t.is === 'absent') delete out[t.field];
    else if (t.is === 'present' && (out[t.field] ?? '') === '') {
      if (!VERDICT_FIELDS.has(t.field)) return null;
      out[t.field] = 'x';
    }
  }
  return out;
}

export interface DialectBody {
  readonly text: string;
  readonly contentType: string;
}

const CONTENT_TYPE = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  delimited: 'text/plain; charset=utf-8',
  kv: 'text/plain; charset=utf-8',
};

/**
 * The document-shaped reply the sandbox computed, said in the profile's dialect: data fields put
 * where the profile reads them, the verdict written with the first rule that the profile's own
 * reader reads back as meant. A reply the dialect cannot say is a bug in the profile or here.
 */
export function dialectReply(
  engine: ProfileEngine,
  endpoint: string,
  body: Record<string, unknown>,
  facts: VariantFacts = {},
): DialectBody {
  const { profile } = engine;
  const call = CALLS.find((c) => ENDPOINT_OF[c] === endpoint) as CallName;
  const own = profile.calls[call];
  // A call the profile does not offer is not served: the client never asks it.
  if (!own) return { text: '', contentType: 'text/plain' };
  // A recharge sent with a variant (a DTH endpoint) is answered in that variant's reply and words.
  const spec = resolveCall(own, variantIndex(own, facts));
  const theirOperator = operatorCodes(profile);
  const theirCode = new Map(Object.entries(profile.errorCodes).map(([theirs, ours]) => [ours, theirs]));
  const data: Values = {};
  for (const [name, raw] of Object.entries(body)) {
    const field = FROM_DOCUMENT[name];
    if (!field || VERDICT_FIELDS.has(field) || raw === undefined || raw === null) continue;
    let v = String(raw);
    if (field === 'operator') v = theirOperator[v] ?? v;
    if (field === 'errorCode') v = theirCode.get(v) ?? v;
    if (MONEY.has(field) && profile.replyAmounts === 'paise') v = String(parseAmountToPaise(v) ?? v);
    data[field] = v;
  }
  const word = String(body['status'] ?? '').toLowerCase();
  const refused = word === 'error' || (word === 'failure' && body['errorcode'] !== undefined && !body['txn_id']);
  const answer = call === 'balance' || call === 'complaint';
  const wanted: RuleMeaning[] = refused
    ? String(body['errorcode']) === '109' && call === 'recharge'
      ? ['unknown']
      : ['not_processed']
    : answer
      ? ['Success']
      : word === 'accepted'
        ? ['Accepted', 'Pending']
        : [(word.charAt(0).toUpperCase() + word.slice(1)) as RuleMeaning];
  // A balance or complaint answer has no rule of its own: it is said with the recharge's success words.
  const rules = answer && !refused ? resolveCall(profile.calls.recharge, variantIndex(profile.calls.recharge, facts)).rules : spec.rules;
  for (const meaning of wanted) {
    for (const rule of rules.filter((r) => r.means === meaning)) {
      const values = satisfy(rule, data);
      if (!values) continue;
      const text = render(spec.reply, values);
      const read = engine.read(call, text, facts);
      const reads = read && (answer && !refused ? read.meaning === null : read.meaning === meaning);
      if (reads) return { text, contentType: CONTENT_TYPE[spec.reply.format] };
    }
  }
  // A reference used already (109) is never said as a failure: the first recharge may have gone.
  // So is a status check the provider refuses (it cannot find the recharge): that is no failure.
  const unsaid = answer
    ? null
    : unsaidReply(engine, call, spec.reply, rules, data, call === 'recharge' && wanted.includes('not_processed'), facts);
  if (unsaid) return unsaid;
  throw new Error(`the ${profile.id} dialect cannot say ${wanted.join(' or ')} for ${call}`);
}

/**
 * What a provider whose document has no word for an outcome says instead (a real provider's
 * document, issue 36): a refusal (not a used reference) in its failure word when it has no refusal word, and anything else
 * with no verdict at all, which its profile reads as unknown, so the status check decides.
 */
function unsaidReply(
  engine: ProfileEngine,
  call: CallName,
  spec: ReplySpec,
  rules: readonly StatusRule[],
  data: Values,
  refused: boolean,
  facts: VariantFacts,
): DialectBody | null {
  const say = (values: Values, meaning: RuleMeaning | null): DialectBody | null => {
    const text = render(spec, values);
    const read = engine.read(call, text, facts);
    return (read?.meaning ?? null) === meaning ? { text, contentType: CONTENT_TYPE[spec.format] } : null;
  };
  if (refused && !rules.some((r) => r.means === 'not_processed'))
    for (const rule of rules.filter((r) => r.means === 'Failure')) {
      const values = satisfy(rule, data);
      const said = values && say(values, 'Failure');
      if (said) return said;
    }
  // With no verdict and no error code: a code is itself a word the profile may read.
  const { errorCode: _code, ...bare } = data;
  return say(data, null) ?? say(bare, null);
}
