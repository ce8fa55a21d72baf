import { UserFacingError } from '../../src/main/core/errors/user-facing-error';
import type { Outcome } from '../../src/shared/outcomes/outcome-registry';

/** The outcome a refused call raised: it must raise a UserFacingError (anything else is rethrown). */
export function refusal(fn: () => unknown): Outcome {
  try {
    fn();
  } catch (e) {
    if (e instanceof UserFacingError) return e.outcome;
    throw e;
  }
  throw new Error('the call was not refused');
}

/** The outcome a refused async call raised, as `refusal` for a call that answers a promise. */
export async function refusalOf(fn: () => Promise<unknown>): Promise<Outcome> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof UserFacingError) return e.outcome;
    throw e;
  }
  throw new Error('the call was not refused');
}
