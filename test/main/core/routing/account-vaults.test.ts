import { describe, expect, it } from 'vitest';
import { accountVaults } from '../../../../src/main/core/routing/account-vaults';
import { MemoryVault } from '../../../../src/main/core/vault/secret-vault';
import { keepSecrets } from '../../../../src/main/core/auth/account-credentials';
import { redactLogText } from '../../../../src/main/core/log/redact-log';
import { createEngine } from '../../../../src/shared/profiles/profile-engine';
import memberPin from '../../../fixtures/profile-v2-member-pin.json';

// Issue 36 item 1: the shop's log and the diagnostics file cut every secret of every account,
// whatever its profile calls it, not only a version 1 token.
describe('the secrets the log cuts', () => {
  it('are each secret value of every account, a version 2 profile’s password and PIN as well as a version 1 token', () => {
    const vaults = accountVaults(new MemoryVault(), () => new MemoryVault());
    vaults.vaultFor('main').set('v1-token-abcdef');
    keepSecrets(vaults.vaultFor('second'), createEngine(memberPin).profile, 'https://api.example.com', {
      password: 'Qz7#wx9',
      pin: '482913',
    });
    expect(vaults.secrets().sort()).toEqual(['482913', 'Qz7#wx9', 'v1-token-abcdef']);
    const line = redactLogText('login refused: pin=482913 pass=Qz7%23wx9 token v1-token-abcdef', vaults.secrets());
    expect(line).not.toMatch(/482913|Qz7|v1-token/);
  });
});
