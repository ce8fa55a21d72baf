/** Why the core could not start; each has an English message and a Hindi text in the renderer. */
export type StartupErrorCode = 'data_folder_in_use';

/**
 * A start-up failure the shopkeeper must read: what happened and what to do, in plain words. The
 * composition roots show it (the app in a native dialog, the harness CLI on stderr, exit 1).
 */
export class StartupError extends Error {
  constructor(
    readonly code: StartupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}
