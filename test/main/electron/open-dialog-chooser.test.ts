import { afterEach, describe, expect, it, vi } from 'vitest';
import { standIn } from '../../support/electron-standin/state';
import { openDialogChooser } from '../../../src/main/electron/open-dialog-chooser';

// The OS dialog through the Chromium-backed stand-in's scripted dialog: what the app asks for, and
// what it does with the shopkeeper's answer (a path, or Cancel).
vi.mock('electron', () => import('../../support/electron-standin/index'));

const dialogs = () => standIn.records.filter((r) => r.kind === 'dialog' && r.method === 'showOpenDialog');

afterEach(() => {
  standIn.switches.fileDialogAnswers = [];
  standIn.records.length = 0;
});

describe('choosing with the OS dialog', () => {
  it('asks for a folder (one may be made new in it), starting where the box points', async () => {
    standIn.switches.fileDialogAnswers = ['/media/usb/RechargeDesk'];
    expect(await openDialogChooser.choose('folder', ' /media/usb ')).toEqual({ way: 'chosen', path: '/media/usb/RechargeDesk' });
    expect(dialogs()).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/openDirectory.*createDirectory/), detail: '/media/usb' }),
    ]);
  });

  it('asks for a file, and a Cancel chooses nothing', async () => {
    standIn.switches.fileDialogAnswers = [null];
    expect(await openDialogChooser.choose('file', '/media/usb')).toEqual({ way: 'chosen', path: null });
    expect(dialogs()).toEqual([expect.objectContaining({ message: 'openFile' })]);
  });
});
