import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHarness, type TestHarness } from './harness-client';
import { checkpoint, leafPages, smashPage } from '../../../support/damage-sqlite';
import { seedLedger } from '../../../support/seed-ledger';

const dirs: string[] = [];
let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const T0 = Date.parse('2026-11-20T06:00:00Z');

describe('the books at start, through the harness', () => {
  it(
    'a salvaged ledger is told at start as state the screen reads, with how many were saved, before any recharge',
    { timeout: 30_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'rd-books-'));
      dirs.push(dataDir);
      const file = join(dataDir, 'demo', 'ledger.db');
      seedLedger(file, 2000, T0);
      checkpoint(file);
      const pages = leafPages(file, 'txns');
      smashPage(file, pages[Math.floor(pages.length / 2)]!);
      // As the background check leaves it when it finds damage.
      writeFileSync(`${file}.needs-check`, 'quick_check failed');

      h = await openHarness({ keepDir: dataDir });
      // No event was heard by anyone yet: the notice is there when the screen asks.
      const notices = (await h.ok('app:notices')).items;
      const salvaged = notices.find((n) => n.code === 'ledger_salvaged');
      expect(salvaged?.level).toMatch(/warning|error/);
      const saved = Number(salvaged?.params['txns']);
      expect(saved).toBeGreaterThan(1900);
      expect(saved).toBeLessThan(2000);
      expect(String(salvaged?.params['file'])).toMatch(/ledger\.db\.damaged-/);
      // The open ones carried are being checked: they are in the tray.
      const open = (await h.ok('txn:open')).items.length;
      expect(open).toBe(Number(salvaged?.params['open']));
      expect(open).toBeGreaterThan(250);

      const after = await h.ok('app:dismissNotice', { id: salvaged!.id });
      expect(after.items.find((n) => n.code === 'ledger_salvaged')).toBeUndefined();
    },
  );
});
