import { join } from 'node:path';
import pino from 'pino';
import type { CoreLogger } from '../../core/create-core';
import { errorFacts } from '../../core/errors/error-facts';
import { redactLogText } from '../../core/log/redact-log';
import { RotatingFile, type RotationOptions } from './rotating-file';

export interface ShopLog extends CoreLogger {
  /** The log files, oldest first (for "Save diagnostics"). */
  files(): string[];
  close(): void;
}

export interface ShopLogOptions extends Partial<RotationOptions> {
  /** The folder: the OS logs folder in the app, `<data folder>/logs` in the harness. */
  readonly dir: string;
  /** The secrets to keep out of the log (the token), read when a line is written. */
  readonly secrets: () => readonly string[];
  /** Also hand each line to this (the harness prints it). */
  readonly echo?: (line: string) => void;
}

/**
 * The log a shop can send to support: JSON lines (time, level, message, stack) through pino, into
 * a size-rotated file. Every line passes through the redaction last, as text, so neither the token
 * nor a full customer number can reach the file whatever a message or stack holds.
 */
export function openShopLog(o: ShopLogOptions): ShopLog {
  const file = new RotatingFile(join(o.dir, 'rechargedesk.log'), { maxBytes: o.maxBytes ?? 1024 * 1024, keep: o.keep ?? 4 });
  const destination = {
    write(line: string) {
      const safe = redactLogText(line, o.secrets());
      file.write(safe);
      o.echo?.(safe.trimEnd());
    },
  };
  const logger = pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    info(message: string) {
      logger.info(message);
    },
    error(message: string, detail?: unknown) {
      if (detail === undefined) return logger.error(message);
      const facts = errorFacts(detail);
      const err =
        detail instanceof Error ? { name: detail.name, message: detail.message, stack: detail.stack } : { message: facts.message };
      logger.error({ err: { ...err, code: facts.code || undefined } }, message);
    },
    files: () => file.files(),
    close: () => file.close(),
  };
}
