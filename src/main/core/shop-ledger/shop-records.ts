import * as z from 'zod';
import { cleanPeerText } from '../../../shared/peer-text';
import { nameProblem, tidyName } from '../../../shared/customer-schemas';
import { CREDIT_LIMIT_MAX_PAISE } from '../../../shared/field-limits';
import { MONEY_ENTRY_KINDS } from '../../../shared/payment/payment';
import { saleParts } from '../../../shared/payment/payment-parts';
import { REF_ID_SHAPE, refIdOwnedBy } from '../../../shared/ref-id-shape';
import {
  correctionFault,
  dateFault,
  MONEY_BACK_KINDS,
  moneyBackFaultNow,
  sameIdFault,
  type ReplaySpan,
} from '../../../shared/money-law/money-entry-law';
import { followsSale, isSalePart } from '../../../shared/money-law/sale-part';
import { MAX_RECHARGE_PAISE } from '../txn/money-rules';
import { RECORD_KINDS, type PulledRecords, type ShopRecordsSql } from '../ledger/shop-records-sql';
import { seqSchema, type Refusal } from './shop-rows';
import { checkFlagChecked } from './shop-flag-checks';
import { checkClose } from './shop-close-record';

/**
 * The records channel's per-kind part (docs/shared-ledger.md): the shape each kind's body must
 * have, and the money law it must keep before this counter keeps it. Every body comes from a server
 * other people run: parsed with zod, and checked by the same rules a live action is (money-entry-law).
 * A new kind (flags, closes, who did what) adds a schema and a check here, and a table to keep it in.
 */
const prefix = z.string().regex(/^[0-9A-Z]{4}$/);
const paise = z.number().int().min(0).max(MAX_RECHARGE_PAISE);
const positive = z.number().int().min(1).max(MAX_RECHARGE_PAISE);
const time = z
  .number()
  .int()
  .min(Date.UTC(2020, 0, 1))
  .max(Date.UTC(2100, 0, 1));
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const number = z.string().regex(/^\d{4,20}$/);
const localId = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number);

const envelope = z.strictObject({
  counter: prefix,
  counterName: z.string().max(40).transform(cleanPeerText).pipe(z.string().min(1)),
  kind: z.enum(RECORD_KINDS),
  localId: z.string().max(32),
  body: z.unknown(),
  seq: seqSchema,
});

const saleBody = z.strictObject({
  refId: z.string().regex(REF_ID_SHAPE),
  number,
  method: z.enum(['cash', 'upi', 'credit', 'split']),
  cash: paise,
  upi: paise,
  credit: paise,
  saleDate: day,
  createdAt: time,
});
const entryBody = z.strictObject({
  kind: z.enum(MONEY_ENTRY_KINDS),
  refId: z.string().regex(REF_ID_SHAPE).nullable(),
  number: number.nullable(),
  method: z.enum(['cash', 'upi', 'credit', 'split']).nullable(),
  amount: z.number().int().min(-MAX_RECHARGE_PAISE).max(MAX_RECHARGE_PAISE),
  corrects: z.number().int().min(1).nullable(),
  entryDate: day,
  at: time,
});
/**
 * A name is shown as written: one carrying hidden or direction-changing characters is refused, not
 * cleaned, and it must be a name this counter's own form takes (customerFault). The size bound here
 * only keeps the parse small; the name rule counts characters, as the form does. A limit is whole
 * rupees from 0 to the bound the owner's own form has.
 */
const customerBody = z.strictObject({
  number,
  name: z.string().max(1000),
  creditLimit: z.number().int().min(0).max(CREDIT_LIMIT_MAX_PAISE).multipleOf(100).nullable(),
  updatedAt: time,
});

/** The names a refused record is told by: its ref (or kind and id) and its counter's name, cleaned. */
export function recordNames(raw: unknown): { refId: string; counter: string } {
  const parsed = z
    .object({ kind: z.string(), localId: z.string(), counterName: z.string(), body: z.object({ refId: z.string().nullable() }).partial() })
    .partial()
    .safeParse(raw);
  const r = parsed.success ? parsed.data : {};
  const ref = r.body?.refId ?? `${r.kind ?? '?'}#${r.localId ?? '?'}`;
  return { refId: cleanPeerText(ref).slice(0, 64), counter: cleanPeerText(r.counterName ?? '').slice(0, 40) };
}

/**
 * A peer's customer edit as this counter's own form would take it: a name of at most 60 characters
 * with a letter, tidied as the form tidies; never dated past the clock allowance, or it would be
 * "the newest edit" over every later one, at every counter, for as long as its date lies ahead.
 */
function customerFault(c: z.infer<typeof customerBody>, span: ReplaySpan): Refusal | null {
  const problem = nameProblem(c.name);
  const tidy = tidyName(c.name) === c.name;
  if (problem === 'customer_name_control' || (tidy && cleanPeerText(c.name) !== c.name)) return 'hidden_text';
  if (problem !== null || !tidy) return 'bad_values';
  return c.updatedAt > span.until ? 'date_outside' : null;
}

/** A sale's parts as the counter's own payment rule (saleParts) makes them from its method and total. */
function partsFit(s: z.infer<typeof saleBody>): boolean {
  const total = s.cash + s.upi + s.credit;
  if (total < 1 || total > MAX_RECHARGE_PAISE) return false;
  const want = saleParts({ method: s.method, cashRupees: s.cash / 100 }, total);
  return want !== 'split_parts' && want.cash === s.cash && want.upi === s.upi && want.credit === s.credit;
}

type Checked = { keep: Partial<PulledRecords> } | { refused: Refusal };

/**
 * Each record once, as the money law holds a replayed entry (sameIdFault): pulled again as it was
 * kept, it is the record itself and changes nothing; the same counter and id with other content
 * (a body changed on the server after it was kept) is refused by name, the kept one stays.
 */
function again<T extends object>(kept: T | undefined, body: T): Checked | null {
  const same = sameIdFault(kept ?? null, body);
  if (same === 'already') return { keep: {} };
  return same ? { refused: same } : null;
}

/**
 * Checks one pulled record; `ours` is this counter's prefix, `span` the days a record may carry
 * (the peer's clock may be wrong by the allowance, never by days). What it reads of earlier records
 * (a payment's sale, a correction's line) comes from the peer tables, including this batch's.
 */
export function checkRecord(raw: unknown, ours: string, span: ReplaySpan, sql: ShopRecordsSql): Checked {
  const env = envelope.safeParse(raw);
  if (!env.success) return { refused: 'bad_values' };
  const { counter, counterName, kind, body } = env.data;
  if (counter === ours) return { refused: 'claims_this_counter' };
  if (kind === 'flag_checked') return checkFlagChecked(env.data, ours, span, sql);
  if (kind === 'day_close') return checkClose(env.data, span, sql);
  const id = localId.safeParse(env.data.localId);
  if (kind === 'customer') {
    const c = customerBody.safeParse(body);
    if (!c.success || c.data.number !== env.data.localId) return { refused: 'bad_values' };
    const fault = customerFault(c.data, span);
    return fault ? { refused: fault } : { keep: { customers: [{ counter, ...c.data }] } };
  }
  if (!id.success) return { refused: 'bad_values' };
  if (kind === 'sale') {
    const s = saleBody.safeParse(body);
    if (!s.success || !partsFit(s.data)) return { refused: 'bad_values' };
    if (!refIdOwnedBy(s.data.refId, counter)) return { refused: 'not_its_counter' };
    const repeated = again(sql.keptSale(counter, id.data), s.data);
    if (repeated) return repeated;
    const dated = dateFault(s.data.createdAt, s.data.saleDate, span);
    if (dated) return { refused: dated };
    const kept = sql.peerSale(s.data.refId);
    if (kept && kept.counter !== counter) return { refused: 'not_its_counter' };
    // The same sale under another id of its counter: the ref is kept once.
    if (kept) return { refused: 'exists_with_different_content' };
    return { keep: { sales: [{ counter, localId: id.data, counterName, ...s.data }] } };
  }
  const e = entryBody.safeParse(body);
  if (!e.success) return { refused: 'bad_values' };
  const entry = e.data;
  const repeated = again(sql.keptEntry(counter, id.data), entry);
  if (repeated) return repeated;
  if (entry.refId !== null && !refIdOwnedBy(entry.refId, counter)) return { refused: 'not_its_counter' };
  const dated = dateFault(entry.at, entry.entryDate, span);
  if (dated) return { refused: dated };
  const fault = entryFault(entry, counter, sql);
  if (fault) return { refused: fault };
  return { keep: { entries: [{ counter, localId: id.data, counterName, ...entry }] } };
}

/**
 * The money law for another counter's entry. A payment is not held to the due as this counter sees
 * it: two counters taking the whole due at the same moment both took real money, and the second
 * becomes an advance both show (docs/khata.md). Entries that follow a sale must name that counter's
 * sale and carry exactly its part (sale-part.ts, the journal's rule too); a correction must name a line of that counter's that exists.
 */
function entryFault(entry: z.infer<typeof entryBody>, counter: string, sql: ShopRecordsSql): Refusal | null {
  if (entry.kind === 'correction') {
    if (entry.number === null) return 'bad_values';
    const named = entry.corrects === null && entry.refId !== null ? sql.peerSale(entry.refId) : undefined;
    // A paid sale's cash handed back in error is put back on the due by a correction naming the
    // sale (answer-change-sql onDue): it moves no credit line, so it is held to the sale's paid part.
    if (named && named.credit === 0) {
      if (named.counter !== counter || named.number !== entry.number) return 'no_such_entry';
      return entry.amount < 1 ? 'correction_below_zero' : entry.amount > named.cash + named.upi ? 'above_sale' : null;
    }
    const line = lineOf(entry.corrects, entry.refId, counter, sql);
    const correctedBy = sql.peerCorrectedBy(counter, entry.number, entry.corrects, entry.refId);
    return correctionFault({ number: entry.number, amount: entry.amount, line, correctedBy });
  }
  if (!positive.safeParse(entry.amount).success) return 'bad_values';
  if (entry.kind === 'credit_payment') return entry.number === null || entry.method === null ? 'bad_values' : null;
  if (entry.refId === null) return 'no_such_sale';
  if (!followsSale(entry.kind)) return 'bad_values';
  const sale = sql.peerSale(entry.refId);
  if (!sale || sale.counter !== counter) return 'no_such_sale';
  if (entry.number !== null && entry.number !== sale.number) return 'no_such_sale';
  if (!isSalePart(entry.kind, sale, entry.amount)) return 'not_sale_part';
  return MONEY_BACK_KINDS.includes(entry.kind) ? moneyBackFaultNow(sql.peerSaleAttempts(entry.refId)) : null;
}

/** The line of that counter's a correction names: its money entry by id, or its sale's credit by ref. */
function lineOf(id: number | null, refId: string | null, counter: string, sql: ShopRecordsSql) {
  if (id !== null) {
    const e = sql.peerEntry(counter, id);
    return e ? { number: e.number ?? '', kind: e.kind, move: e.kind === 'correction' ? e.amount : -e.amount } : null;
  }
  const s = refId === null ? undefined : sql.peerSale(refId);
  return s && s.counter === counter ? { number: s.number, kind: 'sale', move: s.credit } : null;
}
