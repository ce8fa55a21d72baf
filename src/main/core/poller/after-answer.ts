import { istDate } from '../../../shared/ist-date';
import type { StatusOutcome } from '../reseller/outcomes';

const HOUR_MS = 3600_000;

/**
 * The other IST date a provider may have filed a transaction under: submitted within an hour of
 * IST midnight, our clock and the provider's may put it on either side. Null when not near.
 */
export function adjacentIstDate(createdAt: number): string | null {
  const day = istDate(createdAt);
  const after = istDate(createdAt + HOUR_MS);
  if (after !== day) return after;
  const before = istDate(createdAt - HOUR_MS);
  return before !== day ? before : null;
}

// Codes that say the lookup itself was refused (credentials, suspended account), not "no such
// transaction": they must never count toward closing a transaction as never sent.
const ACCOUNT_CODES = new Set(['145', '106']);

/** The status check found no such transaction (the API answers `Error` for an unknown ref_id). */
export function isNotFound(outcome: StatusOutcome): boolean {
  return outcome.kind === 'lookup_failed' && !ACCOUNT_CODES.has(outcome.code ?? '');
}

/**
 * A send that never left is closed as "not sent" only after `lookups` not-found answers spread
 * over at least `afterMs`, so a provider slow to file it has time to show it. Tests shorten it
 * (the harness's `--not-sent-after-seconds` and `--not-sent-lookups`).
 */
export interface NotSentRule {
  lookups: number;
  afterMs: number;
}

export const NOT_SENT_RULE: NotSentRule = { lookups: 5, afterMs: 15 * 60_000 };

export function neverLeft(
  s: { notSent: boolean; notFound: number },
  createdAt: number,
  now: number,
  rule: NotSentRule = NOT_SENT_RULE,
): boolean {
  return s.notSent && s.notFound >= rule.lookups && now - createdAt >= rule.afterMs;
}
