import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { makeTempDir, removeTempDir } from './temp-folder';

/**
 * A real PostgreSQL server of our own for a test run: a new cluster in a temp folder, on a free
 * loopback port, with a password (so the app's vault path is the one used), stopped and deleted at
 * the end. PostgreSQL refuses to run as root, so under root it runs as the `postgres` OS user.
 */
export interface PostgresServer {
  /** postgres://rd@127.0.0.1:PORT/shop: no password in it, as the app keeps it. */
  readonly url: string;
  readonly password: string;
  readonly port: number;
  /** kill -9 the postmaster and every backend, as a power cut or OOM killer would. */
  kill9(): void;
  /** Starts it again on the same folder and port (crash recovery runs first). */
  start(): void;
  /** SIGSTOP the postmaster and every backend: a server that hangs, its connections open, answering nothing. */
  pause(): void;
  /** SIGCONT them: the hung server answers again, whatever it was asked meanwhile. */
  resume(): void;
  stop(): void;
  /** Runs SQL as the superuser on the `shop` database, or on `db` (tests that play a hostile shop ledger). */
  psql(sql: string, db?: string): string;
  /** A new empty database on this server, for one test: its URL (no password in it). */
  newDatabase(): string;
}

function binDir(): string {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config: look where Debian puts the server
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  throw new Error('PostgreSQL is not installed (initdb not found): apt-get install postgresql');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const dir = makeTempDir('pg');
  const data = join(dir, 'data');
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const port = await freePort();
  const owner = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      }
    : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  const run = (cmd: string, args: string[], allowFail = false) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    const [file, argv] = full as [string, string[]];
    const r = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0 && !allowFail) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, password, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  run('initdb', [
    '-D',
    data,
    '-U',
    'rd',
    `--pwfile=${pwfile}`,
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  rmSync(pwfile);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`,
      'start',
    ]);
  start();
  const psql = (sql: string) =>
    run('psql', ['-h', dir, '-p', String(port), '-U', 'rd', '-d', 'postgres', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
  psql('CREATE DATABASE shop');
  const psqlOn = (sql: string, db = 'shop') =>
    run('psql', ['-h', dir, '-p', String(port), '-U', 'rd', '-d', db, '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
  let databases = 0;

  const postmasterPid = (): number | null => {
    const file = join(data, 'postmaster.pid');
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  };
  /** The postmaster's children (backends, checkpointer…), found by their parent id in /proc. */
  const childrenOf = (pid: number): number[] =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
          // Fields after the command name (in parentheses): state, then the parent id.
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return ppid === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  const signalAll = (signal: NodeJS.Signals) => {
    const pid = postmasterPid();
    if (pid === null) return;
    for (const p of [pid, ...childrenOf(pid)]) {
      try {
        process.kill(p, signal);
      } catch {
        // gone meanwhile
      }
    }
  };

  return {
    url: `postgres://rd@127.0.0.1:${port}/shop`,
    password,
    port,
    kill9() {
      const pid = postmasterPid();
      if (pid === null) return;
      const children = childrenOf(pid);
      process.kill(pid, 'SIGKILL');
      for (const c of children) {
        try {
          process.kill(c, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      const end = Date.now() + 5000;
      while ([pid, ...children].some(alive) && Date.now() < end) spawnSync('sleep', ['0.05']);
    },
    start,
    pause: () => signalAll('SIGSTOP'),
    resume: () => signalAll('SIGCONT'),
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], true);
      removeTempDir(dir);
    },
    psql: psqlOn,
    newDatabase() {
      const name = `shop_${++databases}`;
      psql(`CREATE DATABASE ${name}`);
      return `postgres://rd@127.0.0.1:${port}/${name}`;
    },
  };
}
