import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Starts an entry (TypeScript through tsx, or plain .mjs) in its own Node process and waits for a line matching `ready`. */
export async function spawnScript(
  entry: string,
  args: string[],
  ready: RegExp,
  nodeFlags: string[] = [],
): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  const loader = entry.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, entry, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const match = await new Promise<RegExpExecArray>((res, rej) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = ready.exec(out);
      if (m) res(m);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => rej(new Error(`${entry} exited ${code}: ${out.slice(-2000)}`)));
  });
  return { child, match, output: () => out };
}
