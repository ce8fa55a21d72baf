import { formatInr, paise } from '../../../shared/money';
import { istTime } from '../../../shared/ist-date';
import type { ShopRefusal } from '../recharge/recharge-service';
import type { ShopConflict } from './shop-rows';

const minutesAgo = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/** What the shopkeeper reads when another counter has this number: who, what, and what to do. */
export function shopDuplicateWords(c: ShopConflict, now: number): ShopRefusal {
  const who = `Counter "${c.counterName}"`;
  const amount = formatInr(paise(c.amount));
  const what =
    c.kind === 'sending'
      ? `${who} is sending ${amount} to this number right now.`
      : c.kind === 'open'
        ? `${who} sent ${amount} to this number at ${istTime(c.createdAt).slice(0, 5)} (ref ${c.refId}) and it is not settled yet.`
        : `${who} sent ${amount} to this number ${minutesAgo(now - c.createdAt)} min ago (${c.status}).`;
  return { code: 'shop_duplicate', message: `${what} Send again only if the customer wants a second recharge.` };
}

/** The notice while the shop ledger does not answer. */
export function offlineNotice(since: number): { code: string; message: string; params: Record<string, string> } {
  const at = istTime(since).slice(0, 5);
  return {
    code: 'shop_ledger_offline',
    params: { since: at },
    message: `Shop ledger offline since ${at}. This counter keeps working on its own; its recharges reach the shop ledger when it answers again.`,
  };
}
