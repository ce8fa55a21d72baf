import { connect } from 'node:net';
import * as z from 'zod';
import { closingJobSchema } from './closing-job';
import { runClosingBackup } from './closing-backup';
import { TOKEN_ENV } from './backup-child';
import { jsonLines } from './json-lines';

const fromApp = z.object({ id: z.number().int(), job: closingJobSchema });

/**
 * In the backup child started by BackupChild: connects back to the app, says the token it was
 * given, then takes each job it is sent, one at a time, in order. When the app lets go (a quit, a
 * closed session, the app gone) it finishes every job it was given, then returns.
 */
export function serveBackups(address: string, token: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(address);
    const queue: z.infer<typeof fromApp>[] = [];
    let working = false;
    let appGone = false;
    const say = (message: object) => {
      if (socket.writable) socket.write(`${JSON.stringify(message)}\n`);
    };
    const next = async () => {
      if (working) return;
      working = true;
      for (let item = queue.shift(); item; item = queue.shift()) {
        const ok = await runClosingBackup(item.job);
        say({ kind: 'done', id: item.id, ok });
      }
      working = false;
      if (appGone) resolve();
    };
    socket.on('connect', () => say({ kind: 'hello', token }));
    // The app gone mid-reply is no fault of the backup: what it holds is still finished.
    socket.on('error', () => {});
    socket.on('close', () => {
      appGone = true;
      if (!working) resolve();
    });
    jsonLines(socket, fromApp, (message) => {
      queue.push(message);
      say({ kind: 'taken', id: message.id });
      void next();
    });
  });
}

/** What a backup child is started with (its last argument): one job to take, or an app to serve. */
const childArgument = z.union([z.object({ serve: z.string().min(1) }), closingJobSchema]);

/**
 * The backup child's whole life, from its last argument: serves the app that started it
 * (backup-child.ts; the token is in its environment), or takes one closing backup. Returns the exit
 * code: 0 done, 1 the backup failed (the reason is left for the next start), 2 not ours to run.
 */
export async function backupChildMain(argument: string | undefined): Promise<number> {
  const parsed = childArgument.safeParse(safeJson(argument));
  if (!parsed.success) return 2;
  if ('serve' in parsed.data) {
    const token = process.env[TOKEN_ENV];
    if (!token) return 2;
    await serveBackups(parsed.data.serve, token);
    return 0;
  }
  return (await runClosingBackup(parsed.data)) ? 0 : 1;
}

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}
