import jsQR from 'jsqr';
import type { Page } from 'playwright-core';

/**
 * Reads the QR the page shows the way a phone would: the SVG drawn onto a canvas, its pixels
 * decoded by jsQR. Nothing of the page's own text is used.
 */
export async function decodeQr(page: Page, selector = '.upi-qr svg'): Promise<string | null> {
  const size = 400;
  const pixels = await page
    .locator(selector)
    .first()
    .evaluate(async (svg, side) => {
      // The test runs under Node's types: the page's few DOM names, declared as used.
      type Ctx = {
        drawImage(i: unknown, x: number, y: number, w: number, h: number): void;
        getImageData(...a: number[]): { data: ArrayLike<number> };
      };
      const w = globalThis as unknown as {
        Image: new () => { src: string; decode(): Promise<void> };
        XMLSerializer: new () => { serializeToString(n: unknown): string };
        document: { createElement(t: 'canvas'): { width: number; height: number; getContext(k: '2d'): Ctx } };
      };
      const img = new w.Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new w.XMLSerializer().serializeToString(svg))}`;
      await img.decode();
      const canvas = w.document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0, side, side);
      return Array.from(ctx.getImageData(0, 0, side, side).data);
    }, size);
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data ?? null;
}
