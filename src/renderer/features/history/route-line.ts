import { useCallback, useMemo } from 'react';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { manyAccounts } from '../../stores/accounts-store';

/** What a History row says of its attempt: the account's name, and which attempt when its sale had several. */
export interface RouteLine {
  account: string;
  attemptNo: number | null;
}

/**
 * History's rows name their account only when the shop routes between several (issue 29); a
 * one-account shop's rows stay as they were. The facts come with each row (no query per row):
 * "attempt n" shows on a later attempt, or on a first one whose successor is in the list too. A
 * searched list's rows carry no account (their index does not): they show nothing here.
 */
export function useRouteLine(
  items: readonly TxnView[],
  wallets: ResponseOf<'balance:accounts'> | null,
): (txn: TxnView) => RouteLine | null {
  const many = manyAccounts(wallets);
  const names = useMemo(() => new Map((wallets?.accounts ?? []).map((a) => [a.id, a.name])), [wallets]);
  const attemptsShown = useMemo(() => {
    const counts = new Map<string, number>();
    if (!many) return counts;
    for (const t of items) if (t.saleId) counts.set(t.saleId, (counts.get(t.saleId) ?? 0) + 1);
    return counts;
  }, [items, many]);
  return useCallback(
    (txn: TxnView) => {
      if (!many || txn.accountId === undefined) return null;
      const n = txn.attemptNo ?? 1;
      const several = n > 1 || (attemptsShown.get(txn.saleId ?? txn.refId) ?? 0) > 1;
      return { account: names.get(txn.accountId) ?? txn.accountId, attemptNo: several ? n : null };
    },
    [many, names, attemptsShown],
  );
}
