interface Log {
  error(message: string, detail?: unknown): void;
  info?(message: string): void;
}

/**
 * The shop's log, where the lines about events (a recharge's statuses, the notices) are written in
 * the next check phase rather than inside the emit: a recharge's final status line (pino, the
 * redaction, a synchronous write: ~25 µs) then no longer stands between the stored reply and the
 * answer to the window, which hears the event itself at once, as before. Nothing is reordered: any
 * other line, and `flush` (the close), writes the waiting ones first. What a line says is fixed
 * when it is queued.
 */
export function queuedLog(log: Log): Log & { later(message: string): void; flush(): void } {
  const waiting: string[] = [];
  let timer: NodeJS.Immediate | null = null;
  const flush = () => {
    if (timer) clearImmediate(timer);
    timer = null;
    for (const line of waiting.splice(0)) log.info?.(line);
  };
  return {
    later(message) {
      if (!log.info) return;
      waiting.push(message);
      timer ??= setImmediate(flush);
    },
    flush,
    info(message) {
      flush();
      log.info?.(message);
    },
    error(message, detail) {
      flush();
      log.error(message, detail);
    },
  };
}
