import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { lowerPriority, type ChildCommand, type ClosingJob } from './closing-job';
import { jsonLines } from './json-lines';

/**
 * One backup process for the session, started once at a quiet moment and reused by every backup
 * (daily, "Back up now", the closing one). Starting a process holds the counter's thread while
 * the OS copies this process's memory map (on Linux, fork: ~10–30 ms at the counter's size, ~100 ms
 * at 1 GB, more on a busy machine); a child started once, when nobody is at the counter, keeps that
 * pause away from the counter's calls while a backup runs.
 *
 * The child is the same program as the closing backup's (closing-backup-mode.ts), asked to serve:
 * it connects back over a local socket (Electron gives a GUI program's main process no stdin on
 * Windows, so stdio cannot carry the jobs), proves itself with a token handed over in its
 * environment, then takes jobs one at a time. At quit the closing job is handed over and the
 * connection closed: the child finishes what it holds, then exits, after the app has gone.
 */

/** The token's variable in the child's environment (not its command line, which others may read). */
export const TOKEN_ENV = 'RECHARGEDESK_BACKUP_TOKEN';

/** What ended a job: it passed, it failed (the child left the reason, closing-job.ts), or the child died under it. */
export type JobOutcome = 'ok' | 'failed' | 'died';

const fromChild = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hello'), token: z.string() }),
  z.object({ kind: z.literal('taken'), id: z.number().int() }),
  z.object({ kind: z.literal('done'), id: z.number().int(), ok: z.boolean() }),
]);

/** How long a starting child may take to connect, and a handed-over job to be acknowledged. */
const CONNECT_MS = 60_000;
const HANDOVER_MS = 5_000;

interface Pending {
  taken: () => void;
  done: (outcome: JobOutcome) => void;
}

interface Live {
  readonly process: ChildProcess | null;
  readonly connected: Promise<Socket | null>;
  readonly pending: Map<number, Pending>;
  socket: Socket | null;
}

/** Where the child connects: a named pipe on Windows, a socket in a private folder elsewhere. */
function socketAddress(): { address: string; cleanup: () => void } {
  if (process.platform === 'win32') return { address: `\\\\.\\pipe\\rechargedesk-backup-${randomUUID()}`, cleanup: () => {} };
  // A short path (Unix sockets allow ~100 bytes) in a folder only this user can enter.
  const dir = mkdtempSync(join(tmpdir(), 'rd-bk-'));
  return { address: join(dir, 's'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export class BackupChild {
  private live: Live | null = null;
  private nextId = 1;

  constructor(private readonly command: ChildCommand) {}

  /** The running child's process id, or null (tests kill it to prove a death is told and retried). */
  get pid(): number | null {
    return this.live?.process?.pid ?? null;
  }

  /** True from the child's start until it ends or is let go. */
  get running(): boolean {
    return this.live !== null;
  }

  /**
   * Starts the child if none runs (the one moment the counter's thread pauses for it: call this at
   * a quiet moment). Resolves true once it is connected, false when it could not start.
   */
  async warm(): Promise<boolean> {
    const live = (this.live ??= this.start());
    if ((await live.connected) !== null) return true;
    // It could not start, or did not connect in time: let it go; the next ask starts another.
    live.process?.kill();
    if (this.live === live) this.live = null;
    return false;
  }

  /** Takes a backup in the child (starting one if none runs). Null when no child could start. */
  async run(job: ClosingJob): Promise<JobOutcome | null> {
    if (!(await this.warm())) return null;
    const live = this.live;
    if (!live?.socket) return null;
    return this.send(live, job).done;
  }

  /**
   * At quit: hands the closing job to the running child and lets go of it; the child takes the
   * backup after the app has gone, then exits. False when no child was connected or it did not
   * acknowledge the job in time (the caller then starts one for the job alone).
   */
  async handOver(job: ClosingJob): Promise<boolean> {
    const live = this.live;
    if (!live?.socket) return false;
    const { taken } = this.send(live, job);
    const acknowledged = await Promise.race([
      taken.then(() => true),
      new Promise<boolean>((r) => setTimeout(r, HANDOVER_MS, false).unref()),
    ]);
    this.stop();
    return acknowledged;
  }

  /**
   * Lets go of the child: it finishes the jobs it was given, then exits. Those jobs are no longer
   * waited for here (the session is closing; the next start reads how they went from the folder).
   */
  stop(): void {
    const live = this.live;
    this.live = null;
    if (!live) return;
    live.pending.clear();
    live.socket?.end();
    if (!live.socket) live.process?.kill();
  }

  private send(live: Live, job: ClosingJob): { taken: Promise<void>; done: Promise<JobOutcome> } {
    const id = this.nextId++;
    let taken!: () => void;
    const takenP = new Promise<void>((r) => (taken = r));
    const done = new Promise<JobOutcome>((resolve) => live.pending.set(id, { taken, done: resolve }));
    live.socket?.write(`${JSON.stringify({ id, job })}\n`);
    return { taken: takenP, done };
  }

  private start(): Live {
    const token = randomUUID();
    const pending = new Map<number, Pending>();
    let where: { address: string; cleanup: () => void };
    try {
      where = socketAddress();
    } catch {
      // No private folder for the socket (a temp folder that cannot be written): no child.
      return { process: null, connected: Promise.resolve(null), pending, socket: null };
    }
    const { address, cleanup } = where;
    const server: Server = createServer();
    let resolveConnected!: (s: Socket | null) => void;
    const connected = new Promise<Socket | null>((r) => (resolveConnected = r));
    // Bound before the child starts, so its first attempt finds us (a path is bound at once).
    server.listen(address);
    server.unref();
    const live: Live = { process: this.spawn(address, token), connected, pending, socket: null };
    const timer = setTimeout(() => resolveConnected(null), CONNECT_MS).unref();

    let over = false;
    const ended = () => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      server.close();
      cleanup();
      resolveConnected(null);
      live.socket = null;
      for (const p of pending.values()) p.done('died');
      pending.clear();
      if (this.live === live) this.live = null;
    };
    // The child's end, however it came (done after a quit, killed, crashed): what it held did not finish.
    if (!live.process) {
      ended();
      return live;
    }
    live.process.once('exit', ended);
    live.process.once('error', ended);

    server.on('connection', (socket) => {
      let trusted = false;
      socket.unref();
      socket.on('error', () => socket.destroy());
      jsonLines(socket, fromChild, (message) => {
        if (message.kind === 'hello') {
          if (trusted || message.token !== token || live.socket) return void socket.destroy();
          trusted = true;
          live.socket = socket;
          // One child, one connection: nobody else may connect after it, and the socket's folder
          // goes now (after a quit the child outlives us, and nobody would remove it then).
          server.close();
          cleanup();
          clearTimeout(timer);
          resolveConnected(socket);
          return;
        }
        if (!trusted) return void socket.destroy();
        const p = pending.get(message.id);
        if (message.kind === 'taken') return p?.taken();
        pending.delete(message.id);
        p?.done(message.ok ? 'ok' : 'failed');
      });
      socket.on('close', () => {
        // The connection dropped but the child lives on: it finishes what it holds and exits,
        // and its exit settles what is pending.
        if (live.socket === socket) live.socket = null;
      });
    });
    server.on('error', () => {
      live.process?.kill();
      ended();
    });
    return live;
  }

  /** Null when the program cannot be started at all (then the backups are taken in this process). */
  private spawn(address: string, token: string): ChildProcess | null {
    let p: ChildProcess;
    try {
      p = spawn(this.command.command, [...this.command.args, JSON.stringify({ serve: address })], {
        // Detached: a quit hands it the closing job, and it must outlive the app (and a closed terminal).
        detached: true,
        stdio: 'ignore',
        windowsHide: true,
        env: { ...process.env, ...this.command.env, [TOKEN_ENV]: token },
      });
    } catch {
      return null;
    }
    p.unref();
    p.on('error', () => {});
    if (p.pid !== undefined) lowerPriority(p.pid);
    return p;
  }
}
