import { beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { tempDir } from '../../../support/temp-dir';

/**
 * The quit closes the ledger without copying its write-ahead log into the file (Ledger.close with
 * keepWal): every transaction committed before it must still be there at the next open, also
 * when the process is killed right after, on a real SQLite file.
 */
let dir: string;
const T0 = Date.parse('2026-11-22T06:00:00Z');
const wal = (file: string) => `${file}-wal`;
const walBytes = (file: string) => (existsSync(wal(file)) ? statSync(wal(file)).size : 0);

beforeEach(() => {
  dir = tempDir('keep-wal');
});

function sendAndAnswer(ledger: Ledger, refId: string, at: number): void {
  ledger.insertSubmitting({ refId, number: '9876543210', operator: 'JIO', amount: 19900, rechargeDate: '2026-11-22', now: at });
  ledger.update(refId, { status: 'Success', nextCheckAt: null, txnId: `RT-${refId}`, balanceAfter: 480597 }, 'reply', at + 500);
}

describe('closing the ledger at the quit', () => {
  it('keeps the log beside the file, and the next open has every transaction committed just before', () => {
    const file = join(dir, 'ledger.db');
    const ledger = Ledger.open(file, T0);
    sendAndAnswer(ledger, 'Q1', T0);
    sendAndAnswer(ledger, 'Q2', T0 + 1000);
    ledger.close({ keepWal: true });
    // Kept, not copied in: the last answers are still only in the log.
    expect(walBytes(file)).toBeGreaterThan(0);

    const again = Ledger.open(file, T0 + 5000);
    expect(again.get('Q2')).toMatchObject({ status: 'Success', txnId: 'RT-Q2', balanceAfter: 480597 });
    expect(again.events('Q1').map((e) => e.toStatus)).toEqual(['Submitting', 'Success']);
    // An ordinary close (a restore, a switch of account) copies it in and leaves one whole file.
    again.close();
    expect(existsSync(wal(file))).toBe(false);
    const third = Ledger.open(file, T0 + 9000);
    expect(third.get('Q1')?.status).toBe('Success');
    third.close();
  });

  it('an ordinary close leaves no log, with the same transactions in the file', () => {
    const file = join(dir, 'ledger.db');
    const ledger = Ledger.open(file, T0);
    sendAndAnswer(ledger, 'N1', T0);
    ledger.close();
    expect(existsSync(wal(file))).toBe(false);
    const again = Ledger.open(file, T0 + 5000);
    expect(again.get('N1')).toMatchObject({ status: 'Success', txnId: 'RT-N1' });
    again.close();
  });

  it('a recharge answered just before the core quits is in the ledger after a kill -9 right after the close', async () => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(import.meta.dirname, 'quit-child.ts'), dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = once(child, 'exit');
    const until = Date.now() + 25_000;
    while (!out.includes('closed\n') && child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(out).toContain('closed\n');
    child.kill('SIGKILL');
    await exited;

    const sent = z
      .object({ sent: z.object({ ok: z.literal(true), data: z.object({ txn: z.object({ refId: z.string() }) }) }) })
      .parse(JSON.parse(out.split('\n').find((l) => l.startsWith('{"sent"')) ?? ''));
    const file = join(dir, 'demo', 'ledger.db');
    // The path under test: the quit left the log, and nothing after the close tidied it up.
    expect(walBytes(file)).toBeGreaterThan(0);
    const ledger = Ledger.open(file);
    try {
      const refId = sent.sent.data.txn.refId;
      expect(ledger.get(refId)).toMatchObject({ status: 'Success', number: '9876545555', amount: 19900 });
      expect(ledger.events(refId).map((e) => e.toStatus)).toEqual(['Submitting', 'Success']);
    } finally {
      ledger.close();
    }
  });
});
