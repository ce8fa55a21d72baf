import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../../src/main/core/security/trusted-sender';
import { isAllowedExternalUrl } from '../../../../src/main/core/security/external-links';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../../../src/main/core/security/csp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureRendererBuilt } from '../../../../src/harness/ensure-build';
import { PROJECT_ROOT } from '../../../../src/harness/project-root';

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
  it('allows only our own files, never eval or inline script, and connects nowhere in the app', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    for (const policy of [CONTENT_SECURITY_POLICY, contentSecurityPolicy('self'), contentSecurityPolicy('self', 'meta')])
      expect(policy).not.toMatch(/unsafe-|https?:|ws:|\*|data:[^;]*script/);
  });

  it('the meta version leaves out only frame-ancestors, which browsers ignore in a meta tag', () => {
    expect(contentSecurityPolicy('none', 'meta')).toBe(CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", ''));
  });

  it('the built page carries the app policy (connect nowhere) in its meta tag', { timeout: 60_000 }, () => {
    ensureRendererBuilt(PROJECT_ROOT, () => {});
    expect(readFileSync(join(PROJECT_ROOT, 'out/renderer/index.html'), 'utf8')).toContain(
      `content="${contentSecurityPolicy('none', 'meta')}"`,
    );
  });
});
