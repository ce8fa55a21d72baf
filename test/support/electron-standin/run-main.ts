import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { messageSchema } from './control-protocol';
import type { ChildContext } from './child-control';
import type { StandInRecord, Switches } from './state';

const ROOT = resolve(import.meta.dirname, '../../..');
export const MAIN_BUNDLE = resolve(ROOT, 'out/main/index.js');

export interface MainProcess {
  readonly records: StandInRecord[];
  /** Output of the process, for a failing test's message. */
  output(): string;
  /** Runs `fn` inside the app's process (it must not use anything from the test's scope). */
  inApp<A, T>(fn: (ctx: ChildContext, arg: A) => Promise<T>, arg: A): Promise<T>;
  waitFor(match: (r: StandInRecord) => boolean, timeoutMs?: number): Promise<StandInRecord>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  kill(): void;
}

/** The real built main bundle under Node 24, with `electron` resolved to the stand-in. */
export function startMain(options: {
  userData: string;
  switches?: Partial<Switches>;
  env?: Record<string, string>;
  /** Another entry than the built bundle (a fixture that calls startElectronApp with a test core). */
  entry?: string;
}): MainProcess {
  const child: ChildProcess = fork(options.entry ?? MAIN_BUNDLE, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--import', resolve(import.meta.dirname, 'register.ts')],
    env: {
      ...process.env,
      ELECTRON_STANDIN_USER_DATA: options.userData,
      ELECTRON_STANDIN_SWITCHES: JSON.stringify(options.switches ?? {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const records: StandInRecord[] = [];
  const waiters = new Set<() => void>();
  const answers = new Map<number, (m: { ok: boolean; value: unknown; error: string }) => void>();
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => {
      running = false;
      for (const w of waiters) w();
      for (const [, answer] of answers) answer({ ok: false, value: null, error: `the app exited (${code ?? signal})` });
      done({ code, signal });
    }),
  );
  child.on('message', (raw) => {
    const message = messageSchema.safeParse(raw);
    if (!message.success) return;
    if (message.data.type === 'record') {
      records.push(message.data.record);
      for (const w of waiters) w();
    } else {
      answers.get(message.data.id)?.(message.data);
      answers.delete(message.data.id);
    }
  });
  let nextId = 1;
  return {
    records,
    output: () => output,
    exited,
    isRunning: () => running,
    kill: () => void child.kill('SIGKILL'),
    inApp<A, T>(fn: (ctx: ChildContext, arg: A) => Promise<T>, arg: A): Promise<T> {
      const id = nextId++;
      return new Promise<T>((done, fail) => {
        answers.set(id, (m) => {
          // The child ran the function we sent; its JSON answer has the function's return type.
          if (m.ok) done(m.value as T);
          else fail(new Error(m.error));
        });
        child.send({ id, fn: fn.toString(), arg });
      });
    },
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((done, fail) => {
        const check = () => {
          const found = records.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            done(found);
          } else if (!running) {
            waiters.delete(check);
            clearTimeout(timer);
            fail(new Error(`the app exited before the awaited record; it recorded:\n${JSON.stringify(records, null, 1)}\n${output}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`timed out waiting; the app recorded:\n${JSON.stringify(records, null, 1)}\n${output}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
