import { describe, expect, it } from 'vitest';
import { isListenHost } from '../../src/shared/listen-host';
import { settingsPatchSchema, settingsSchema } from '../../src/shared/settings-schema';

describe('the callback listener host setting', () => {
  it('takes one plain address of this computer', () => {
    for (const host of ['127.0.0.1', 'localhost', '192.168.1.20', '10.0.0.5', '::1', 'fe80::1', 'shop-pc.local'])
      expect(isListenHost(host), host).toBe(true);
  });

  it('refuses every-address binds and their other spellings, CR/LF, ports, brackets and non-hosts', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '::0',
      '0:0:0:0:0:0:0:0',
      '::ffff:0.0.0.0',
      '0',
      '0x0',
      '0.1.2.3',
      '127.1',
      '0177.0.0.1',
      '255.255.255.255',
      '127.0.0.1\r\nX-Evil: 1',
      '127.0.0.1\n',
      'a host',
      '[::1]',
      '127.0.0.1:80',
      'user@127.0.0.1',
      'ex_ample',
      '-bad.example',
      'example.123',
      '',
      'x'.repeat(254),
    ])
      expect(isListenHost(host), JSON.stringify(host)).toBe(false);
  });

  it('settings:update refuses a bad host with a plain message; a hand-edited file falls back to loopback', () => {
    const patch = settingsPatchSchema.safeParse({ callbackListener: { host: '0.0.0.0' } });
    expect(patch.success).toBe(false);
    expect(patch.error?.issues[0]?.message).toMatch(/0\.0\.0\.0 and :: \(every address\) are not allowed/);
    expect(settingsPatchSchema.safeParse({ callbackListener: { host: '192.168.1.20' } }).success).toBe(true);
    const file = settingsSchema.parse({ version: 1, installPrefix: 'AB12', callbackListener: { enabled: true, host: '::', port: 8090 } });
    expect(file.callbackListener).toEqual({ enabled: true, host: '127.0.0.1', port: 8090 });
  });
});
