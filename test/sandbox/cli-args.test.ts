import { describe, expect, it } from 'vitest';
import { parseSandboxArgs } from '../../src/sandbox/cli-args';

describe('npm run sandbox arguments', () => {
  it('reads the documented flags into options', () => {
    const o = parseSandboxArgs([
      '--port',
      '8080',
      '--username',
      '9876543210',
      '--token',
      'T0kenT0ken',
      '--balance',
      '1000',
      '--status-case',
      'upper',
      '--accepted',
      '--error-style',
      'http',
      '--html-content-type',
      '--duplicate-ref-id',
      'replay',
      '--callback-method',
      'post',
      '--commission',
      'JIO=2.5,AT=3',
      '--fault-no-reply',
      '0.1',
      '--latency-ms',
      '20',
      '--pending-ms',
      '100',
    ]);
    expect(o).not.toBe('help');
    if (o === 'help') return;
    expect(o).toMatchObject({
      port: 8080,
      username: '9876543210',
      token: 'T0kenT0ken',
      balance: 1000,
      statusCase: 'upper',
      accepted: true,
      errorStyle: 'http',
      htmlContentType: true,
      duplicateRefId: 'replay',
      callbackMethod: 'POST',
      pendingMs: 100,
      faults: { noReply: 0.1, latencyMs: 20, badGateway: 0 },
    });
    expect(o.commissionBp['JIO']).toBe(250);
    expect(o.commissionBp['AT']).toBe(300);
    expect(o.commissionBp['DISHTV']).toBe(300);
  });

  it('defaults to the document: title case, Pending, Error in a 200 body, no faults', () => {
    const o = parseSandboxArgs([]);
    expect(o).toMatchObject({
      statusCase: 'title',
      accepted: false,
      errorStyle: 'body',
      duplicateRefId: 'reject',
      pendingMs: 5000,
      profile: 'demo',
    });
  });

  it('refuses unknown flags and bad values', () => {
    expect(() => parseSandboxArgs(['--nope'])).toThrow();
    expect(() => parseSandboxArgs(['--balance', 'lots'])).toThrow();
    expect(() => parseSandboxArgs(['--fault-502', '2'])).toThrow();
    expect(() => parseSandboxArgs(['--username', '123'])).toThrow();
    expect(parseSandboxArgs(['--help'])).toBe('help');
  });
});
