/** Waits for `work`, but never longer than `ms`: a quit must end even if a close hangs. */
export function within(work: Promise<unknown>, ms: number): Promise<'done' | 'timed-out' | 'failed'> {
  return new Promise((settle) => {
    const timer = setTimeout(() => settle('timed-out'), ms);
    work.then(
      () => {
        clearTimeout(timer);
        settle('done');
      },
      () => {
        clearTimeout(timer);
        settle('failed');
      },
    );
  });
}

/** At most `max` events per `windowMs`: crash reloads and error boxes must not loop forever. */
export function rateLimit(max: number, windowMs: number, now: () => number = Date.now): () => boolean {
  const times: number[] = [];
  return () => {
    const t = now();
    while (times.length > 0 && (times[0] ?? 0) <= t - windowMs) times.shift();
    if (times.length >= max) return false;
    times.push(t);
    return true;
  };
}
