import type { OutcomeCode } from '../../../shared/outcomes/outcome-registry';
import type { Ledger } from '../ledger/ledger';
import type { NoticeBoard } from './notice-board';

/** Notices that ask the shopkeeper to do something with a sale's money ("give ₹199 back"). */
export const MONEY_BACK_NOTICES = ['txn_failed_late', 'txn_refunded', 'complaint_refunded'] as const satisfies readonly OutcomeCode[];

/**
 * A notice asking for an action on a sale is taken back once the shopkeeper did it (issue 40): left
 * up, it reads as money still to hand over, and the pile of done notices pushes the counter down.
 * Each attempt's notice is keyed by its own reference, so every attempt of the sale is cleared.
 */
export function takeBackSaleNotices(
  deps: { readonly notices?: Pick<NoticeBoard, 'clearKey'>; readonly ledger: Pick<Ledger, 'attemptsOf'> },
  saleId: string,
  codes: readonly OutcomeCode[],
): void {
  const { notices, ledger } = deps;
  if (!notices) return;
  const refs = new Set([saleId, ...ledger.attemptsOf(saleId).map((a) => a.refId)]);
  for (const ref of refs) for (const code of codes) notices.clearKey(code, ref);
}
