import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations. It is evaluated
 * through the DevTools protocol, which the page's strict CSP does not apply to, so the page is
 * audited under the same policy it runs with.
 */
export async function axeSerious(page: Page): Promise<AxeProblem[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

/**
 * Words a Hindi screen may show in Latin letters: brand and operator names, key names, the web
 * address scheme and "API" (as providers write it), the name of the English language choice, and
 * the am/pm of a 12-hour clock.
 */
export const LATIN_ALLOWED: ReadonlySet<string> = new Set(
  [
    'Jio',
    'Airtel',
    'Vi',
    'BSNL',
    'Topup',
    'Special',
    'Tariff',
    'Digital',
    'TV',
    'Dish',
    'Sun',
    'Direct',
    'Tata',
    'Play',
    'Videocon',
    'd2h',
    'Enter',
    'Esc',
    'Tab',
    'API',
    // The payment network's own names, written so in Hindi too (NPCI, the banks' Hindi apps).
    'UPI',
    'QR',
    'ID',
    'https',
    // A brand, as its Hindi app writes it (the receipt and the khata reminder send through it).
    'WhatsApp',
    'English',
    'am',
    'pm',
  ].map((w) => w.toLowerCase()),
);

/**
 * Every Latin-script word a person can see or hear on the page (text, and the labels, hints and
 * placeholders a screen reader reads), outside elements marked translate="no" (reference IDs,
 * file paths, the provider's own words) and outside the allow-list.
 */
export async function latinWords(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    type El = {
      nodeType: number;
      nodeValue: string | null;
      childNodes: ArrayLike<El>;
      parentElement: El | null;
      getAttribute?(n: string): string | null;
      closest?(s: string): El | null;
      checkVisibility?(): boolean;
      tagName?: string;
    };
    const doc = (globalThis as unknown as { document: { body: El } }).document;
    const out: string[] = [];
    const excluded = (el: El | null) => !!el?.closest?.('[translate="no"], script, style');
    const walk = (node: El) => {
      if (node.nodeType === 3) {
        const parent = node.parentElement;
        if (parent && !excluded(parent) && parent.checkVisibility?.() !== false) out.push(node.nodeValue ?? '');
        return;
      }
      if (node.nodeType !== 1) return;
      if (!excluded(node)) {
        for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
          const v = node.getAttribute?.(attr);
          if (v) out.push(v);
        }
      }
      for (const child of Array.from(node.childNodes)) walk(child);
    };
    walk(doc.body);
    return out;
  });
  const words = found.flatMap((text) => text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []);
  return [...new Set(words.filter((w) => !LATIN_ALLOWED.has(w.toLowerCase())))];
}

/** True when the element is wholly inside the window without scrolling the page. */
export async function inFirstView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const w = globalThis as unknown as {
      document: { querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number } } | null };
      innerHeight: number;
      scrollY: number;
    };
    const box = w.document.querySelector(sel)?.getBoundingClientRect();
    return !!box && w.scrollY === 0 && box.top >= 0 && box.bottom <= w.innerHeight;
  }, selector);
}
