import { describe, expect, it } from 'vitest';
import { checkAccount } from '../../../../src/main/core/auth/account-rules';

describe('a live account as the shopkeeper types it', () => {
  it('takes the registered mobile number grouped with spaces, and the API address with its path pasted on', () => {
    expect(checkAccount('https://api.example.in/webservices/api', ' 98765 43210 ')).toEqual({
      ok: true,
      baseUrl: 'https://api.example.in',
      username: '9876543210',
    });
  });

  it('still refuses what is not a 10-digit number or not an https address, by code', () => {
    expect(checkAccount('https://api.example.in', '98765-4321')).toEqual({ ok: false, code: 'invalid_username' });
    expect(checkAccount('https://api.example.in', '987654321')).toEqual({ ok: false, code: 'invalid_username' });
    expect(checkAccount('http://api.example.in', '9876543210')).toEqual({ ok: false, code: 'not_https' });
    expect(checkAccount('not an address', '9876543210')).toEqual({ ok: false, code: 'invalid_url' });
  });
});
