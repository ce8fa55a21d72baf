/**
 * What the shopkeeper is told when the app cannot start: what happened, where the data folder
 * is, and what to do, in English and Hindi (the language setting may be the thing that failed to
 * load). Pure: the Electron side only shows it.
 */
import type { Outcome } from '../../shared/outcomes/outcome-registry';
import { outcomeText } from '../../shared/words/outcome-text';
import { StartupError } from '../core/errors/startup-error';
import { errorFacts } from '../core/errors/error-facts';

export type StartupStage = 'settings' | 'vault' | 'core' | 'window';

/** A start-up failure with the step it happened in, so the words can name the file. */
export class StageFailure extends Error {
  constructor(
    readonly stage: StartupStage,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'StageFailure';
  }
}

/** Runs one step of building the app, labelling what it throws with the step. */
export async function atStage<T>(stage: StartupStage, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    throw e instanceof StageFailure ? e : new StageFailure(stage, e);
  }
}

export interface FailureText {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
}

/**
 * What stopped the start, as a catalogue outcome: the core's own start-up errors by their code,
 * the OS's and SQLite's by theirs, else by the step that failed. Never by an error's wording.
 */
export function startupOutcome(stage: StartupStage | null, error: unknown): Outcome {
  if (error instanceof StartupError) return error.outcome;
  const { code } = errorFacts(error);
  if (code === 'EBUSY' || code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === 'ELOCKED')
    return { code: 'data_folder_busy', params: {} };
  // SQLite says SQLITE_FULL where Node says ENOSPC.
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return { code: 'start_disk_full', params: {} };
  // SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_CANTOPEN_ISDIR, …) carry the family first.
  if (code.startsWith('SQLITE_IOERR')) return { code: 'start_disk_error', params: {} };
  if (code.startsWith('SQLITE_CANTOPEN')) return { code: 'start_cannot_open', params: {} };
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'SQLITE_READONLY')
    return { code: 'start_not_allowed', params: {} };
  if (stage === 'vault') return { code: 'vault_unreadable', params: {} };
  if (stage === 'window') return { code: 'window_missing', params: {} };
  if (stage === 'settings') return { code: 'settings_unreadable', params: {} };
  return { code: 'start_failed', params: {} };
}

/** The words of the start-up failure box, in both languages (the language setting may be what failed). */
export function describeStartupFailure(error: unknown, dataDir: string): FailureText {
  const stage = error instanceof StageFailure ? error.stage : null;
  const original = error instanceof StageFailure ? error.original : error;
  const outcome = startupOutcome(stage, original);
  const technical = original instanceof Error ? `${original.name}: ${original.message}` : String(original);
  return {
    title: 'RechargeDesk could not start · रिचार्जडेस्क शुरू नहीं हो सका',
    message: `${outcomeText('en', outcome)}\n\n${outcomeText('hi', outcome)}`,
    detail: [`Data folder / डेटा फ़ोल्डर: ${dataDir}`, '', `Technical detail / तकनीकी विवरण: ${technical.slice(0, 500)}`].join('\n'),
  };
}

/** The words when main hit an error nobody caught, while the app keeps running. */
export function describeInternalError(error: unknown): FailureText {
  const technical = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    title: 'RechargeDesk hit an internal error · रिचार्जडेस्क में आंतरिक त्रुटि',
    message:
      'Something went wrong inside RechargeDesk. Recharges already sent are safe in the history.\n' +
      'रिचार्जडेस्क के अंदर कुछ गड़बड़ हुई। जो रिचार्ज भेजे जा चुके हैं वे इतिहास में सुरक्षित हैं।',
    detail: [
      'Restart RechargeDesk when no recharge is being sent. If it happens again, call support with the detail below.',
      'जब कोई रिचार्ज न भेजा जा रहा हो तब रिचार्जडेस्क रीस्टार्ट करें। फिर हो तो नीचे के विवरण के साथ सपोर्ट को फ़ोन करें।',
      '',
      `Technical detail / तकनीकी विवरण: ${technical.slice(0, 500)}`,
    ].join('\n'),
  };
}

/** The words after the window's renderer died and was reloaded. */
export function describeRendererGone(reason: string): FailureText {
  return {
    title: 'The RechargeDesk window was reloaded · रिचार्जडेस्क विंडो फिर से लोड हुई',
    message:
      'The window stopped working and has been reloaded. Before sending again, check in History whether the last recharge went through.\n' +
      'विंडो ने काम करना बंद कर दिया था और फिर से लोड की गई है। दोबारा भेजने से पहले इतिहास में देखें कि पिछला रिचार्ज हुआ या नहीं।',
    detail: `Reason / कारण: ${reason}`,
  };
}

/** The words for a problem the app started through: the catalogue's, in both languages. */
export function describeStartupNotice(notice: { outcome: Outcome }, dataDir: string): FailureText {
  return {
    title: 'RechargeDesk · रिचार्जडेस्क',
    message: `${outcomeText('en', notice.outcome)}\n${outcomeText('hi', notice.outcome)}`,
    detail: `Data folder / डेटा फ़ोल्डर: ${dataDir}`,
  };
}
