import type { TxnStatus } from '../status';
import type { AccountId } from './routing-schema';
import { moneyHeld } from '../money-law/status-money';

/** One attempt of a sale, as the ledger knows it now. */
export interface AttemptFacts {
  readonly refId: string;
  readonly account: AccountId;
  readonly status: TxnStatus;
  /** The status check itself answered Failure (a first reply saying so is not enough). */
  readonly failureConfirmed: boolean;
  /** The recharge call's reply was one the profile reads as not_processed: refused, not carried out. */
  readonly notProcessed: boolean;
  /**
   * The connection was refused before a byte of the request was written (the reseller client's
   * `not_sent`): the provider cannot have it. A reset or a timeout after the request was written is not this.
   */
  readonly notSent?: boolean;
}

export type FailoverVerdict =
  | { readonly send: true; /** 1-based: the attempt about to be sent. */ readonly attempt: number }
  | {
      readonly send: false;
      readonly why: 'succeeded' | 'unresolved' | 'unconfirmed_failure' | 'not_definite' | 'refunded' | 'limit' | 'possible_double';
      /** The attempt that stops the sale (absent for `limit`). */
      readonly refId?: string;
    };

/**
 * The only outcomes that prove the money did not move: a refusal the profile declares safe (the
 * provider did not carry it out), a request that never left (its connection refused: still open
 * for the status check, which closes it as not sent later), or a Failure the status check
 * confirmed. Anything else (Pending,
 * Accepted, Unknown, a timeout, a reset, an unreadable reply, a first reply of Failure not yet
 * confirmed) may still become a Success at the provider.
 */
export function isDefiniteFailure(a: AttemptFacts): boolean {
  if (a.notSent === true && (a.status === 'Unknown' || a.status === 'Error')) return true;
  return (a.status === 'Error' && a.notProcessed) || (a.status === 'Failure' && a.failureConfirmed);
}

function whyNot(a: AttemptFacts): Exclude<FailoverVerdict, { send: true }>['why'] {
  if (a.status === 'Success') return 'succeeded';
  if (moneyHeld(a.status)) return 'unresolved';
  if (a.status === 'Failure') return 'unconfirmed_failure';
  if (a.status === 'Refunded') return 'refunded';
  return 'not_definite';
}

export interface PossibleDouble {
  /** The attempt counted failed that succeeded after all. */
  readonly first: AttemptFacts;
  /** The attempt sent because the first was counted failed. */
  readonly second: AttemptFacts;
}

/**
 * Every attempt but the last was followed by another, so it was counted failed when that one was
 * sent; a Success there now is a provider reversing its own failure, and the customer may have
 * been recharged twice. Attempts in the order they were sent.
 */
export function possibleDoubles(attempts: readonly AttemptFacts[]): PossibleDouble[] {
  const out: PossibleDouble[] = [];
  for (let i = 0; i < attempts.length - 1; i++)
    if (attempts[i]!.status === 'Success') out.push({ first: attempts[i]!, second: attempts[i + 1]! });
  return out;
}

/**
 * May this sale be sent (again)? The first attempt always may; a next one only when every attempt
 * so far is a definite failure and the sale has attempts left. No timer, no count of tries and no
 * reply the profile cannot read ever says yes: those wait for the status check, which may settle
 * them into a definite failure later, and the question is asked again then.
 */
export function mayFailover(attempts: readonly AttemptFacts[], maxAttempts: number): FailoverVerdict {
  const doubles = possibleDoubles(attempts);
  if (doubles.length > 0) return { send: false, why: 'possible_double', refId: doubles[0]!.first.refId };
  const blocking = attempts.find((a) => !isDefiniteFailure(a));
  if (blocking) return { send: false, why: whyNot(blocking), refId: blocking.refId };
  if (attempts.length >= maxAttempts) return { send: false, why: 'limit' };
  return { send: true, attempt: attempts.length + 1 };
}
