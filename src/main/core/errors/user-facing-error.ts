/**
 * A failure a service wants shown to the shopkeeper as it is, with a code the UI can translate.
 * It sits on the lowest floor of the core so every service can raise it without knowing who
 * answers the renderer (the IPC router turns it into a `Result` error).
 */
export class UserFacingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}
