import type { Page } from 'playwright-core';

type Box = { left: number; right: number; width: number; height: number };
type El = {
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect(): Box;
  getClientRects(): ArrayLike<unknown>;
  querySelectorAll(s: string): ArrayLike<El>;
};
type TextNode = { textContent: string | null; parentElement: El | null };
type Win = {
  document: {
    body: El;
    documentElement: El;
    querySelector(s: string): El | null;
    createTreeWalker(root: El, show: number): { nextNode(): TextNode | null };
  };
  getComputedStyle(el: El): { fontSize: string; visibility: string };
};

/** Visible text smaller than 12 px, each as "size: text" (the first ten). */
export function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = globalThis as unknown as Win;
    const walker = w.document.createTreeWalker(w.document.body, 4 /* NodeFilter.SHOW_TEXT */);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const style = w.getComputedStyle(el);
      if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      // Screen-reader-only text is clipped to a pixel: nobody reads it on screen.
      const box = el.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue;
      const size = parseFloat(style.fontSize);
      if (size < 12) found.push(`${size}px: ${text.slice(0, 40)}`);
    }
    return found.slice(0, 10);
  });
}

/** The nav and the header within the window: nothing cut off, pushed past the edge or scrolled sideways. */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = globalThis as unknown as Win;
    const root = w.document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`page scrolls sideways: ${root.scrollWidth} > ${width}`);
    for (const area of ['.shell-header', '.shell-nav']) {
      const box = w.document.querySelector(area);
      if (!box) continue;
      if (box.scrollWidth > box.clientWidth + 1) found.push(`${area} overflows: ${box.scrollWidth} > ${box.clientWidth}`);
      for (const child of Array.from(box.querySelectorAll('button, span, dt, dd, h1, summary, select'))) {
        const r = child.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.right > width + 1 || r.left < -1) found.push(`${area} item outside the window: ${child.textContent?.slice(0, 30)}`);
      }
    }
    return found;
  });
}
