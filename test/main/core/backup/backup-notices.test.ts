import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { tempDir } from '../../../support/temp-dir';

let h: TestHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const BACKUP_CODES = ['backup_failed', 'backup_folder_missing', 'backup_folder_full', 'backup_folder_readonly'];

describe('a failed backup on the notice board', () => {
  it('is shown with its folder while it fails, and taken back once a backup succeeds', async () => {
    h = await openHarness();
    const root = tempDir('usb');
    await h.ok('backup:setFolder', { path: root });
    rmSync(root, { recursive: true }); // the USB drive is taken out

    const failed = await h.call('backup:run', {});
    expect(failed).toMatchObject({ ok: false, error: { code: 'backup_folder_missing' } });
    const shown = (await h.ok('app:notices')).items.filter((n) => BACKUP_CODES.includes(n.outcome.code));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ level: 'warning', outcome: { code: 'backup_folder_missing' } });
    expect(JSON.stringify(shown[0]?.outcome.params)).toContain('rd-usb-');

    mkdirSync(root); // plugged in again
    expect((await h.ok('backup:run', {})).lastError).toBeNull();
    expect((await h.ok('app:notices')).items.filter((n) => BACKUP_CODES.includes(n.outcome.code))).toEqual([]);
  });
});
