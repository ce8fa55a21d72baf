import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { api, recharge } from './client';
import { tempDir } from '../support/temp-dir';

const ROOT = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function tempFile(): string {
  const dir = tempDir('sandbox-state');
  return join(dir, 'state.db');
}

/** Runs `npm run sandbox`'s entry in its own process, so it can be killed like a real server. */
async function spawnSandbox(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) res(m[1]!);
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => rej(new Error(`sandbox exited ${code}: ${out}`)));
  });
  return { child, url };
}

describe('sandbox state file', () => {
  it('keeps accounts, transactions, complaints and counters across a clean restart', async () => {
    const stateFile = tempFile();
    let s: Sandbox = await startSandbox({ stateFile, balance: 1000, pendingMs: 60_000 });
    const r = await recharge(s, '9000005555', 100, 'K1');
    await recharge(s, '9000004444', 50, 'K2');
    await api(s, 'complain', { txn_id: String(r.json['txn_id']), reason: 'not received' });
    await s.close();
    s = await startSandbox({ stateFile, balance: 99999, pendingMs: 60_000 });
    try {
      expect(s.admin.account(s.credentials.username)).toMatchObject({
        buyerBalance: 100000 - 10000 + 250 - 5000,
        lienBalance: 5000,
        booksBalance: true,
      });
      expect(s.admin.transactions().items.map((t) => [t.refId, t.status])).toEqual([
        ['K2', 'Pending'],
        ['K1', 'Success'],
      ]);
      expect(s.admin.complaints()).toHaveLength(1);
      expect(s.admin.submissionCount('K1')).toBe(1);
      // The ids go on from where they were: no txn_id is handed out twice.
      const next = await recharge(s, '9000005555', 10, 'K3');
      expect(next.json['txn_id']).toBe('RT0000000003');
      expect((await recharge(s, '9000005555', 10, 'K1')).json['errorcode']).toBe('109');
    } finally {
      await s.close();
    }
  });

  it('survives kill -9: every accepted transaction is there, and pending ones resolve after restart', async () => {
    const stateFile = tempFile();
    const args = ['--state-file', stateFile, '--balance', '1000', '--pending-ms', '300', '--token', 'kill-nine-token'];
    const first = await spawnSandbox(args);
    const creds = { username: '9876543210', token: 'kill-nine-token' };
    const fake = { url: first.url, credentials: creds } as unknown as Sandbox;
    const ok = await recharge(fake, '9000005555', 100, 'KILL1');
    const pending = await recharge(fake, '9000001111', 200, 'KILL2');
    expect([ok.json['status'], pending.json['status']]).toEqual(['Success', 'Pending']);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await spawnSandbox(args);
    const again = { url: second.url, credentials: creds } as unknown as Sandbox;
    const date = ((await fetch(`${second.url}/sandbox/transactions`).then((r) => r.json())) as { items: { rechargeDate: string }[] })
      .items[0]!.rechargeDate;
    expect((await api(again, 'statusByRefId', { ref_id: 'KILL1', recharge_date: date })).json['status']).toBe('Success');
    await new Promise((r) => setTimeout(r, 500));
    expect((await api(again, 'statusByRefId', { ref_id: 'KILL2', recharge_date: date })).json['status']).toBe('Success');
    const account = (await fetch(`${second.url}/sandbox/accounts/9876543210`).then((r) => r.json())) as {
      booksBalance: boolean;
      buyerBalance: number;
      lienBalance: number;
    };
    expect(account).toMatchObject({ booksBalance: true, lienBalance: 0, buyerBalance: 100000 - 30000 + 250 + 500 });
  });
});
