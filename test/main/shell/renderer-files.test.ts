import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mimeTypeOf, rendererFileFor, serveRendererRequest } from '../../../src/main/shell/renderer-files';
import { APP_ENTRY_URL, isAppUrl } from '../../../src/main/shell/app-origin';
import { decideNavigation } from '../../../src/main/shell/navigation';
import { isTrustedSender } from '../../../src/main/core/security/trusted-sender';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/core/security/csp';
import { fileTempDir } from '../../support/temp-dir';

const root = fileTempDir('app-scheme');
let renderer: string;

beforeAll(() => {
  renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(renderer, 'assets', 'font.woff2'), 'w');
  // A secret beside the renderer folder, which no app:// URL may reach.
  writeFileSync(join(root, 'secret.txt'), 'token');
  writeFileSync(join(root, 'renderer-evil.txt'), 'sibling');
});

describe('app:// files come only from the renderer folder', () => {
  it('maps the entry, the root and assets to files inside the folder', () => {
    expect(rendererFileFor(renderer, 'app://rechargedesk/index.html')).toBe(join(renderer, 'index.html'));
    expect(rendererFileFor(renderer, 'app://rechargedesk/')).toBe(join(renderer, 'index.html'));
    expect(rendererFileFor(renderer, 'app://rechargedesk/assets/index-abc.js?v=1#x')).toBe(join(renderer, 'assets', 'index-abc.js'));
  });

  it.each([
    'app://rechargedesk/../secret.txt',
    'app://rechargedesk/assets/../../secret.txt',
    'app://rechargedesk/%2e%2e/secret.txt',
    'app://rechargedesk/%2E%2E/secret.txt',
    'app://rechargedesk/.%2e/secret.txt',
    'app://rechargedesk/assets%2f..%2f..%2fsecret.txt',
    'app://rechargedesk/..%5csecret.txt',
    'app://rechargedesk/..\\secret.txt',
    'app://rechargedesk/%2fetc%2fpasswd',
    'app://rechargedesk//etc/passwd/..',
    'app://rechargedesk/C:%5cWindows%5cwin.ini',
    'app://rechargedesk/c:/Windows/win.ini',
    'app://rechargedesk/index.html%00.png',
    'app://rechargedesk/%E0%A4%A',
    'app://rechargedesk/../renderer-evil.txt',
    'app://other-host/index.html',
    'app://user:pw@rechargedesk/index.html',
    'file:///etc/passwd',
    'https://rechargedesk/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(rendererFileFor(renderer, url)).toBeNull();
  });

  it('gives scripts, styles, fonts and pages their MIME types, and never guesses an unknown one', () => {
    expect(mimeTypeOf('a/index-abc.js')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(mimeTypeOf('x.CSS')).toBe('text/css; charset=utf-8');
    expect(mimeTypeOf('f.woff2')).toBe('font/woff2');
    expect(mimeTypeOf('i.svg')).toBe('image/svg+xml');
    expect(mimeTypeOf('x.exe')).toBe('application/octet-stream');
  });

  it('answers with the file, its type and the CSP header; a refused or missing path is a 404', async () => {
    const ok = await serveRendererRequest(renderer, { url: 'app://rechargedesk/assets/index-abc.js', method: 'GET' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(ok.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await ok.text()).toBe('console.log(1)');

    const escape = await serveRendererRequest(renderer, { url: 'app://rechargedesk/%2e%2e/secret.txt', method: 'GET' });
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('token');
    expect(escape.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await serveRendererRequest(renderer, { url: 'app://rechargedesk/nope.js', method: 'GET' })).status).toBe(404);
    expect((await serveRendererRequest(renderer, { url: 'app://rechargedesk/assets', method: 'GET' })).status).toBe(404);
    expect((await serveRendererRequest(renderer, { url: APP_ENTRY_URL, method: 'POST' })).status).toBe(405);
  });
});

describe('the app origin in the security checks', () => {
  it('trusts IPC only from the main frame of app://rechargedesk/index.html', () => {
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: true }, APP_ENTRY_URL)).toBe(true);
    expect(isTrustedSender({ url: `${APP_ENTRY_URL}#/history`, isMainFrame: true }, APP_ENTRY_URL)).toBe(true);
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: false }, APP_ENTRY_URL)).toBe(false);
    expect(isTrustedSender({ url: 'app://rechargedesk.evil/index.html', isMainFrame: true }, APP_ENTRY_URL)).toBe(false);
    expect(isTrustedSender({ url: 'file:///opt/app/out/renderer/index.html', isMainFrame: true }, APP_ENTRY_URL)).toBe(false);
    expect(isTrustedSender({ url: 'https://rechargedesk/index.html', isMainFrame: true }, APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app://rechargedesk/assets/x.js')).toBe(true);
    expect(isAppUrl('app://evil/assets/x.js')).toBe(false);
  });

  it('lets the window show only its own entry page; allowlisted links go to the browser', () => {
    expect(decideNavigation(APP_ENTRY_URL)).toBe('allow');
    expect(decideNavigation(`${APP_ENTRY_URL}#/settings`)).toBe('allow');
    expect(decideNavigation('app://rechargedesk/assets/index-abc.js')).toBe('block');
    expect(decideNavigation('app://evil/index.html')).toBe('block');
    expect(decideNavigation('file:///etc/passwd')).toBe('block');
    expect(decideNavigation('https://evil.example/')).toBe('block');
    expect(decideNavigation('https://www.trai.gov.in/consumer')).toBe('open-externally');
    expect(decideNavigation('javascript:alert(1)')).toBe('block');
    expect(decideNavigation('http://localhost:5173/', 'http://localhost:5173/')).toBe('allow');
  });
});
