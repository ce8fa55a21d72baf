import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../../src/main/core/security/trusted-sender';
import { isAllowedExternalUrl } from '../../../../src/main/core/security/external-links';
import { CONTENT_SECURITY_POLICY } from '../../../../src/main/core/security/csp';

const app = 'file:///opt/RechargeDesk/resources/app.asar/out/renderer/index.html';

describe('IPC sender validation', () => {
  it('trusts only the main frame of our own renderer page', () => {
    expect(isTrustedSender({ url: app, isMainFrame: true }, app)).toBe(true);
    expect(isTrustedSender({ url: `${app}#/history`, isMainFrame: true }, app)).toBe(true);
    expect(isTrustedSender({ url: app, isMainFrame: false }, app)).toBe(false);
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', isMainFrame: true }, app)).toBe(false);
    expect(isTrustedSender({ url: 'https://example.com/', isMainFrame: true }, app)).toBe(false);
    expect(isTrustedSender(null, app)).toBe(false);
    expect(isTrustedSender({ url: 'not a url', isMainFrame: true }, app)).toBe(false);
  });

  it('trusts the dev server only on its own origin', () => {
    const dev = 'http://localhost:5173/';
    expect(isTrustedSender({ url: 'http://localhost:5173/', isMainFrame: true }, dev)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5174/', isMainFrame: true }, dev)).toBe(false);
  });
});

describe('external links', () => {
  it('opens only https links on the allowlist', () => {
    const list = ['https://support.example.in'];
    expect(isAllowedExternalUrl('https://support.example.in/help?q=1', list)).toBe(true);
    expect(isAllowedExternalUrl('http://support.example.in/', list)).toBe(false);
    expect(isAllowedExternalUrl('https://support.example.in.evil.com/', list)).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@support.example.in/', list)).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd', list)).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)', list)).toBe(false);
    expect(isAllowedExternalUrl('nonsense', list)).toBe(false);
  });
});

describe('content security policy', () => {
  it('allows only our own origin and never eval or inline script', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
  });
});
