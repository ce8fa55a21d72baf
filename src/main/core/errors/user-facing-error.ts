import type { Outcome, OutcomeCode, OutcomeParams } from '../../../shared/outcomes/outcome-registry';

/** A code and exactly its parameters, as the registry declares them. */
type OutcomeArgs = { [C in OutcomeCode]: [code: C, params: OutcomeParams<C>] }[OutcomeCode];

/**
 * A failure the shopkeeper must read, as a code of the outcome registry and that code's typed
 * values: never a sentence. The screen words it in the shopkeeper's language; `message` is the
 * code and its values, for the shop's log and stack traces only. It sits on the lowest floor of the
 * core so every service can raise it without knowing who answers the renderer.
 */
export class UserFacingError extends Error {
  readonly outcome: Outcome;
  constructor(...[code, params]: OutcomeArgs) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'UserFacingError';
    this.outcome = { code, params } as Outcome;
  }

  get code(): OutcomeCode {
    return this.outcome.code;
  }

  /** Raises an outcome already built (one read back from a file, or carried by a refusal). */
  static of(o: Outcome): UserFacingError {
    return new UserFacingError(...([o.code, o.params] as OutcomeArgs));
  }
}
