import { create } from 'qrcode';

/** A QR code as squares: `size` modules a side, `dark[row * size + col]`. */
export interface QrMatrix {
  readonly size: number;
  readonly dark: readonly boolean[];
}

/**
 * The QR of `text`, made offline by the `qrcode` library (the one npm's QR users mostly pick;
 * its core is plain JavaScript, no canvas or network). Level M: a phone reads it off a screen or
 * a thermal receipt with a crease.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: Array.from(modules.data, (b) => b === 1) };
}

/**
 * One SVG path of the dark modules, row runs joined, in module units (viewBox 0 0 size+8 with the
 * quiet zone of 4 around): small enough for a receipt, crisp at any size.
 */
export function qrPath({ size, dark }: QrMatrix): string {
  let d = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!dark[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark[row * size + col]) col++;
      d += `M${start + 4} ${row + 4}h${col - start}v1h${start - col}z`;
    }
  }
  return d;
}
