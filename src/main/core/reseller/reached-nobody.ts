/**
 * A call that reached nobody: no connection, or no reply in time. Its account's provider is
 * unreachable for now (issue 35); an answer, a refusal or an unreadable reply all reached it.
 */
export function reachedNobody(outcome: { readonly kind: string; readonly reason?: string }): boolean {
  return outcome.kind === 'unknown' && (outcome.reason === 'network' || outcome.reason === 'timeout');
}
