import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';

/** The start-up failures the core itself recognises, each a code of the outcome registry. */
export type StartupOutcome = OutcomeOf<'data_folder_in_use' | 'data_newer' | 'migration_failed'>;

/**
 * A start-up failure the shopkeeper must read, as a registry code and its values: the composition
 * roots word it from the catalogue (the app in a native dialog, the harness CLI on stderr) and
 * recognise it by its code, never by its wording.
 */
export class StartupError extends Error {
  constructor(readonly outcome: StartupOutcome) {
    super(`${outcome.code} ${JSON.stringify(outcome.params)}`);
    this.name = 'StartupError';
  }

  get code(): StartupOutcome['code'] {
    return this.outcome.code;
  }
}
