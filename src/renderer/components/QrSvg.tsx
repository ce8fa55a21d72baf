import { useMemo } from 'react';
import { qrMatrix, qrPath } from '../../shared/payment/qr';

/** A QR code as one SVG path, black on white with its quiet zone: crisp on a screen and on thermal paper. */
export function QrSvg({ text, label }: { text: string; label: string }) {
  const { side, d } = useMemo(() => {
    const m = qrMatrix(text);
    return { side: m.size + 8, d: qrPath(m) };
  }, [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path fill="#000" d={d} />
    </svg>
  );
}
