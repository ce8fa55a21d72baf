import { useEffect, useState } from 'react';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';
import { findOperator } from '../../shared/operators';
import { manyAccounts } from '../stores/accounts-store';

type Account = ResponseOf<'balance:accounts'>['accounts'][number];

/** The amount to route by: the one typed when the operator takes it, else its first usual amount. */
function routeAmount(operator: string, typed: string): number | null {
  const info = findOperator(operator);
  if (!info) return null;
  const rupees = Number(typed);
  if (Number.isInteger(rupees) && rupees >= info.minAmount && rupees <= info.maxAmount) return rupees;
  return info.popularAmounts[0] ?? info.minAmount;
}

/**
 * Whose wallet the header shows when several accounts route the shop's recharges (issue 29): the
 * account the operator typed at the counter will be sent to first (the route the confirmation will
 * show), or the first account before an operator is typed. Null with one account: the header as before.
 */
export function useHeaderAccount(
  desk: DeskApi,
  wallets: ResponseOf<'balance:accounts'> | null,
  operator: string | null,
  amount: string,
): Account | null {
  const many = manyAccounts(wallets);
  const rupees = operator ? routeAmount(operator, amount) : null;
  const [chosen, setChosen] = useState<{ key: string; account: string | null } | null>(null);
  const key = `${operator ?? ''}:${rupees ?? ''}`;
  useEffect(() => {
    if (!many || !operator || rupees === null) return;
    let live = true;
    void desk.recharge.route({ operator, amount: rupees }).then((r) => {
      if (live && r.ok) setChosen({ key, account: r.data.chosen });
    });
    return () => {
      live = false;
    };
  }, [desk, many, operator, rupees, key]);
  if (!many || !wallets) return null;
  const first = wallets.accounts[0] ?? null;
  const id = operator && chosen?.key === key ? chosen.account : null;
  return wallets.accounts.find((a) => a.id === id) ?? first;
}
