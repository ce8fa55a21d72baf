import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listFolder } from '../../../../src/main/core/files/list-folder';
import { tempDir } from '../../../support/temp-dir';

// The window's own folder browser (web harness) reads the real file system through this.
describe('listing a folder to choose from', () => {
  it('folders first, then files, by name; hidden ones left out; a file lists its own folder', () => {
    const dir = tempDir('list-folder');
    mkdirSync(join(dir, 'usb'));
    mkdirSync(join(dir, 'Backups'));
    mkdirSync(join(dir, '.cache'));
    writeFileSync(join(dir, 'shop.rdmove'), '');
    writeFileSync(join(dir, '.hidden'), '');
    const listing = listFolder(dir);
    expect(listing.entries.map((e) => [e.name, e.kind])).toEqual([
      ['Backups', 'folder'],
      ['usb', 'folder'],
      ['shop.rdmove', 'file'],
    ]);
    expect(listing).toMatchObject({ folder: dir, parent: dirname(dir), more: false });
    expect(listFolder(join(dir, 'shop.rdmove')).folder).toBe(dir);
  });

  it('says a folder that is not there, rather than showing it empty', () => {
    const missing = join(tempDir('list-folder'), 'drive-not-plugged-in');
    expect(() => listFolder(missing)).toThrow(
      expect.objectContaining({ outcome: { code: 'folder_unreadable', params: { folder: missing } } }),
    );
  });
});
