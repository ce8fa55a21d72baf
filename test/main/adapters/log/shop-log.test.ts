import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openShopLog } from '../../../../src/main/adapters/log/shop-log';
import { redactLogText } from '../../../../src/main/core/log/redact-log';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
beforeEach(() => {
  dir = tempDir('log');
});

const token = fc.stringMatching(/^[A-Za-z0-9]{16,40}$/);
const mobile = fc.stringMatching(/^[6-9]\d{9}$/);
const dth = fc.stringMatching(/^[0-3]\d{9,11}$/);
const grouped = (n: string) => (n.length === 10 ? `${n.slice(0, 5)} ${n.slice(5)}` : n.replace(/(\d{4})(?=\d)/g, '$1 '));

describe('the shop log', () => {
  it('writes JSON lines with time, level, message and the stack of an error', () => {
    const log = openShopLog({ dir, secrets: () => [] });
    log.info?.('started');
    log.error('IPC recharge:submit failed', new Error('boom'));
    log.close();
    const lines = readFileSync(join(dir, 'rechargedesk.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'started', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(lines[1]).toMatchObject({
      level: 'error',
      msg: 'IPC recharge:submit failed',
      err: { message: 'boom', stack: expect.stringMatching(/at /) },
    });
  });

  it('property: neither the token nor a full mobile number or DTH ID reaches the file; the last 4 digits do', () => {
    fc.assert(
      fc.property(token, mobile, dth, fc.constantFrom('error', 'info'), (secret, number, subscriber, level) => {
        const sub = mkdtempSync(join(dir, 'p-'));
        const log = openShopLog({ dir: sub, secrets: () => [secret] });
        const text = `recharge to ${number} (${grouped(number)}, +91 ${number}) and DTH ${subscriber} / ${grouped(subscriber)} via https://p.example/recharge?api_token=${encodeURIComponent(secret)}&number=${number} token ${secret}`;
        if (level === 'error') log.error(text, new Error(`failed for ${number} with ${secret}`));
        else log.info?.(text);
        log.close();
        const written = readFileSync(join(sub, 'rechargedesk.log'), 'utf8');
        expect(written).not.toContain(secret);
        for (const n of [number, subscriber, grouped(number), grouped(subscriber)]) expect(written).not.toContain(n);
        expect(written).toContain(`******${number.slice(-4)}`);
        expect(written).toContain(`******${subscriber.slice(-4)}`);
      }),
      { numRuns: 150 },
    );
  });

  it('rotates by size, keeping a bounded number of old files, newest lines in the current one', () => {
    const log = openShopLog({ dir, secrets: () => [], maxBytes: 4096, keep: 3 });
    for (let i = 0; i < 500; i++) log.info?.(`line ${i} ${'x'.repeat(60)}`);
    log.close();
    const files = log.files();
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual([
      'rechargedesk.log.3',
      'rechargedesk.log.2',
      'rechargedesk.log.1',
      'rechargedesk.log',
    ]);
    for (const f of files) expect(statSync(f).size).toBeLessThanOrEqual(4096);
    expect(readFileSync(files[3]!, 'utf8')).toContain('line 499 ');
    expect(readFileSync(files[0]!, 'utf8')).not.toContain('line 0 ');
  });
});

describe('log redaction', () => {
  it('keeps what support needs: times, ref ids, amounts, short numbers', () => {
    const line = '{"time":"2026-11-23T12:00:00.000Z","msg":"txn AB12MGX4K2P0001Z ₹199 attempt 3 pid 4242"}';
    expect(redactLogText(line)).toBe(line);
  });
});
