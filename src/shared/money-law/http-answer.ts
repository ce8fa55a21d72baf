/**
 * What an HTTP status lets a reply's body say (issue 35 item 3). A 2xx body is the provider's
 * answer. Any other status may come from a gateway, a rate limiter or a provider that did the work
 * and then failed to answer, so its body is believed only as a refusal, and only at a status the
 * profile declares its provider refuses with (the field notes' 400/401/403/404). Everything else is
 * unknown: the status check decides, and a sale never goes to another account on it.
 */
export type HttpAnswer = 'answer' | 'refusal_only' | 'unknown';

export function httpAnswer(status: number, refusalStatuses: readonly number[] = []): HttpAnswer {
  if (status >= 200 && status < 300) return 'answer';
  return refusalStatuses.includes(status) ? 'refusal_only' : 'unknown';
}
