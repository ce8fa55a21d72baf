import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { ShopRefusal } from '../recharge/recharge-service';
import type { ShopConflict } from './shop-rows';

/** What the shopkeeper reads when another counter has this number: who, and the recharge it matched. */
export function shopDuplicateWords(c: ShopConflict): ShopRefusal {
  const txn = { refId: c.refId, amount: c.amount, createdAt: c.createdAt, status: c.status };
  return { code: 'shop_duplicate', params: { counter: c.counterName, kind: c.kind, txn } };
}

/** The notice while the shop ledger does not answer. */
export function offlineNotice(since: number): OutcomeOf<'shop_ledger_offline'> {
  return { code: 'shop_ledger_offline', params: { since } };
}
