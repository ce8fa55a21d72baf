import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { errorFacts } from '../errors/error-facts';
import { UserFacingError } from '../errors/user-facing-error';
import { redactLogText } from '../log/redact-log';
import type { Ledger } from '../ledger/ledger';

/** Where "Save diagnostics" writes: the composition root decides (a save dialog, or the data folder). */
export interface DiagnosticsPort {
  /** The path the shopkeeper chose, or null when they cancelled. */
  choosePath(suggestedName: string): Promise<string | null>;
  /** The shop's log files, oldest first. */
  logFiles(): readonly string[];
}

export interface DiagnosticsSources {
  readonly name: string;
  readonly version: string;
  readonly dataDir: string;
  readonly now: () => number;
  status(): object;
  settings(): object;
  ledger(): Promise<Pick<Ledger, 'stats'>>;
  /** Kept out of the file (the token). */
  secrets(): readonly string[];
  /** Writes the log lines still queued (queued-log.ts), so the file's log ends with what just happened. */
  flushLog?(): void;
}

/** Of each log file only the end goes in: what support needs is what happened last. */
const LOG_TAIL_BYTES = 512 * 1024;

function tail(file: string): string {
  try {
    const size = statSync(file).size;
    const length = Math.min(size, LOG_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, length, size - length);
    } finally {
      closeSync(fd);
    }
    return buffer.toString('utf8');
  } catch (e) {
    return `(could not be read: ${errorFacts(e).message})`;
  }
}

function ledgerStats(ledger: Pick<Ledger, 'stats'>): object {
  const span = ledger.stats();
  const byStatus = Object.fromEntries(span.byStatus.map((r) => [r.status, r.n]));
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  return { byStatus, firstTxn: iso(span.first), lastTxn: iso(span.last), events: span.events, file: span.file };
}

/** Writes the file whole (temp, fsync, rename), so support never gets half of one. */
function writeWhole(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    const { code, message } = errorFacts(e);
    throw new UserFacingError('diagnostics_not_saved', { path, cue: code || message.slice(0, 200) });
  }
}

/**
 * One file a shop can send to support: versions, the account's state, ledger statistics, the
 * settings, and the end of the log. No token and no full customer number: the whole text passes
 * through the same redaction as the log.
 */
export async function saveDiagnostics(port: DiagnosticsPort, src: DiagnosticsSources): Promise<{ saved: boolean; path: string | null }> {
  const at = new Date(src.now());
  const path = await port.choosePath(`rechargedesk-diagnostics-${at.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.txt`);
  if (!path) return { saved: false, path: null };
  // A recharge's last lines wait for the next check phase; on a busy machine that can be after this read.
  src.flushLog?.();
  let ledger: object;
  try {
    ledger = ledgerStats(await src.ledger());
  } catch (e) {
    ledger = { error: errorFacts(e).message };
  }
  const summary = {
    createdAt: at.toISOString(),
    app: { name: src.name, version: src.version, dataDir: src.dataDir },
    runtime: {
      node: process.versions.node,
      electron: process.versions['electron'] ?? null,
      platform: process.platform,
      arch: process.arch,
    },
    account: src.status(),
    ledger,
    settings: src.settings(),
  };
  const logs = port.logFiles().map((file) => `===== ${file} =====\n${tail(file)}`);
  const text = [`RechargeDesk diagnostics`, JSON.stringify(summary, null, 2), ...logs, ''].join('\n\n');
  writeWhole(path, redactLogText(text, src.secrets()));
  return { saved: true, path };
}
