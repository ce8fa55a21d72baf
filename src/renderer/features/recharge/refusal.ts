import type { TxnView } from '../../../shared/ipc/txn-schemas';

/**
 * Provider error codes (field notes) that have their own advice. A refused recharge keeps its
 * code in `lastError` ("code 106"); the advice is chosen by code so it reads in any language.
 */
const ADVISED = new Set(['106', '107', '110', '128', '142', '145', '160', '242', '270']);

function refusalCode(txn: Pick<TxnView, 'lastError'>): string | null {
  const m = /^code (\d{1,6})$/.exec(txn.lastError ?? '');
  return m?.[1] ?? null;
}

/** The i18n key of the advice for this refusal, or null to use the general one. */
export function refusalAdviceKey(txn: Pick<TxnView, 'lastError'>): string | null {
  const code = refusalCode(txn);
  return code && ADVISED.has(code) ? `refusal.c${code}` : null;
}
