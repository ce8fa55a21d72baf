import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox } from '../../../../src/sandbox';
import { type TestHarness } from '../flow/harness-client';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

let sandbox: Sandbox | undefined;
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = sandbox = undefined;
});

const tokens = fc.sample(fc.stringMatching(/^[A-Za-z0-9]{20,40}$/), 3);
// Ending in 5555: the sandbox answers Success at once.
const numbers = fc.sample(fc.stringMatching(/^[6-9]\d{5}5555$/), 3);

describe('Save diagnostics', () => {
  for (const [i, token] of tokens.entries()) {
    const number = numbers[i]!;
    it(`one file with versions, ledger statistics, settings and the log; no token, no full number (run ${i + 1})`, async () => {
      sandbox = await testSandbox({ token, balance: 5000 });
      h = await openLiveHarness(sandbox);
      const r = await h.ok('recharge:submit', { number, operator: 'JIO', amount: 10 });
      expect(r.txn.status).toBe('Success');

      const saved = await h.ok('app:saveDiagnostics');
      expect(saved.saved).toBe(true);
      expect(saved.path?.startsWith(h.dataDir)).toBe(true);
      const text = readFileSync(saved.path!, 'utf8');
      expect(text).toContain('"version": "0.1.0"');
      expect(text).toMatch(/"byStatus": \{\s*"Success": 1/);
      expect(text).toContain('"duplicateWindowMinutes"');
      expect(text).toContain(r.txn.refId); // support can find the recharge
      expect(text).toContain(`******${number.slice(-4)}`); // as its last 4 digits
      expect(text).toContain('txn:updated');
      const log = readdirSync(join(h.dataDir, 'logs'))
        .map((f) => readFileSync(join(h!.dataDir, 'logs', f), 'utf8'))
        .join('\n');
      expect(log).toContain(r.txn.refId);
      for (const written of [text, log]) {
        expect(written).not.toContain(token);
        expect(written).not.toContain(number);
        expect(written).not.toContain(sandbox.credentials.username);
      }
    });
  }
});
