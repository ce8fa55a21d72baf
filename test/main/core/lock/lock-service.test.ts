import { describe, expect, it } from 'vitest';
import { LockService } from '../../../../src/main/core/lock/lock-service';
import { PinStore } from '../../../../src/main/core/lock/pin-store';
import { redactLogText } from '../../../../src/main/core/log/redact-log';
import { withSecretInFlight } from '../../../../src/main/core/log/secrets-in-flight';
import type { TokenRead } from '../../../../src/main/core/vault/secret-vault';
import type { LockStatus } from '../../../../src/shared/lock-schemas';
import { tempDir } from '../../../support/temp-dir';

function service(token: TokenRead | null) {
  const dir = tempDir('lock');
  const changes: LockStatus[] = [];
  const lock = new LockService({
    pins: new PinStore(dir, Date.now, { N: 2 ** 10, r: 8, p: 1, keyLength: 32 }),
    settings: () => ({ idleMinutes: 10, duplicateOverrideRupees: 500 }),
    liveToken: () => token,
    now: Date.now,
    onChange: (s) => changes.push(s),
  });
  return { lock, changes };
}

describe('lock service', () => {
  it('Forgot PIN: the live token resets the PIN; a wrong token counts as a wrong try and changes nothing', async () => {
    const { lock } = service({ kind: 'saved', token: 'live-token-0123456789' });
    await lock.setPin('2468');
    lock.lock();
    await expect(lock.resetPin('live-token-0123456788', '1357')).rejects.toMatchObject({ code: 'wrong_token' });
    expect(lock.status()).toMatchObject({ role: 'staff', failures: 1, reset: 'token' });
    await expect(lock.unlock('1357')).rejects.toMatchObject({ code: 'wrong_pin' });
    expect(await lock.resetPin('live-token-0123456789', '1357')).toMatchObject({ role: 'owner', failures: 0 });
    lock.lock();
    expect(await lock.unlock('1357')).toMatchObject({ role: 'owner' });
    lock.close();
  });

  it('an unreadable token cannot prove anything: the file rule applies', async () => {
    const { lock } = service({ kind: 'unreadable', detail: 'x' });
    await lock.setPin('2468');
    expect(lock.status().reset).toBe('file');
    await expect(lock.resetPin('whatever-token', '1357')).rejects.toMatchObject({ code: 'pin_reset_needs_file' });
    lock.close();
  });

  it('the shop log never shows a PIN while it is being handled', async () => {
    const line = await withSecretInFlight('4821', async () => redactLogText('IPC lock:unlock failed: {"pin":"4821"} at 10:48:21'));
    expect(line).not.toContain('4821');
    // Not kept after the call.
    expect(redactLogText('code 4821')).toBe('code 4821');
  });
});
