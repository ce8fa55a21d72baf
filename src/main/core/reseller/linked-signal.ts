/**
 * A signal that aborts when any of `sources` does, or after `ms` (a TimeoutError, as
 * AbortSignal.timeout gives); `release()` unhooks it from its sources and its timer. Not
 * AbortSignal.any: its links to a long-lived source (the client's close, the poller's stop) go only
 * at garbage collection, and Node has leaked them (nodejs/node#55351); checks run for days.
 */
export function linkedSignal(sources: readonly (AbortSignal | undefined)[], ms?: number): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const live = sources.filter((s): s is AbortSignal => s !== undefined);
  for (const source of live) {
    if (source.aborted) controller.abort();
    else source.addEventListener('abort', abort, { once: true });
  }
  const timer =
    ms === undefined
      ? null
      : setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  timer?.unref();
  return {
    signal: controller.signal,
    release() {
      if (timer) clearTimeout(timer);
      for (const source of live) source.removeEventListener('abort', abort);
    },
  };
}
