import type { TxnView } from '../../shared/ipc/txn-schemas';

type Keyed = Pick<TxnView, 'createdAt' | 'id' | 'refId'>;

/** Newest first, the ledger's own order: created time, then id. Negative when `a` goes first. */
const compare = (a: Keyed, b: Keyed) => b.createdAt - a.createdAt || b.id - a.id;

/** Where `t` is or would go in a newest-first list (binary search: no pass over the list). */
function lowerBound(list: readonly Keyed[], t: Keyed): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid]!, t) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the transaction with `t`'s ref_id, or -1. */
export function positionOf(list: readonly Keyed[], t: Keyed): number {
  const at = lowerBound(list, t);
  return list[at]?.refId === t.refId ? at : -1;
}

/** Inserts in place, keeping the order. */
export function insertSorted<T extends Keyed>(list: T[], t: T): void {
  list.splice(lowerBound(list, t), 0, t);
}

/** Merges two newest-first lists into one (a page of the ledger with what events already added). */
export function mergeNewestFirst<T extends Keyed>(a: readonly T[], b: readonly T[]): T[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
