import type { Ledger } from '../ledger/ledger';
import type { AccountId } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import type { WalletKeeperDeps } from './wallet-keeper';

/** How many of the newest successes are read to find one account's (a sweep keeps its own bound). */
const SUCCESSES_READ = 500;

/**
 * The books as one account's wallet story reads them: only the transactions sent to that account,
 * and the complaints about them. A wallet moves only with its own provider's recharges; another
 * account's open recharge is no excuse for money gone from this one, and its successes are not
 * this provider's to check.
 */
export function accountBooks(
  ledger: Pick<Ledger, 'openTxns' | 'history' | 'complaints' | 'get'>,
  id: AccountId,
): WalletKeeperDeps['ledger'] {
  const ours = (t: { accountId?: string | null }) => (t.accountId ?? FIRST_ACCOUNT_ID) === id;
  return {
    openTxns: () => ledger.openTxns().filter(ours),
    history: (q) =>
      ledger
        .history({ ...q, limit: Math.max(q.limit, SUCCESSES_READ) })
        .filter(ours)
        .slice(0, q.limit),
    complaints: (limit?: number) =>
      ledger.complaints(limit).filter((c) => {
        const txn = ledger.get(c.refId);
        return txn !== undefined && ours(txn);
      }),
  };
}
