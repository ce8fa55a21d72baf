import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { privateFolder } from '../../../../src/main/core/data-folder/private-files';
import { tempDir } from '../../../support/temp-dir';

// A ledger opened straight in a shared folder (the system's temp folder is one) once made that
// folder 0700: every other user and program, a database server among them, was locked out of it.
describe('a shared folder (sticky bit) stays shared', () => {
  it('opening a ledger in it makes the ledger private, not the folder', () => {
    const shared = join(tempDir('shared'), 'drop');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const ledger = Ledger.open(join(shared, 'ledger.db'));
    ledger.close();
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(statSync(join(shared, 'ledger.db')).mode & 0o777).toBe(0o600);
  });

  it('an export or backup folder of the app is still made private', async () => {
    const own = join(tempDir('own'), 'exports');
    mkdirSync(own, { mode: 0o755 });
    chmodSync(own, 0o755);
    await privateFolder(own);
    expect(statSync(own).mode & 0o777).toBe(0o700);
    const shared = join(tempDir('shared2'), 'drop');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    await privateFolder(shared);
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });
});
