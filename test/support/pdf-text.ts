import { execFileSync } from 'node:child_process';

/** Whether poppler's tools (pdftotext, pdfinfo, pdffonts) are on this machine: Debian's poppler-utils. */
export function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The text a PDF reader extracts: what the fonts' Unicode maps say was printed. */
export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/** Each page's size in millimetres, from pdfinfo's points. */
export function pdfPagesMm(path: string): { pages: number; widthMm: number; heightMm: number } {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  const mm = (pt: string) => Math.round((Number(pt) * 25.4 * 10) / 72) / 10;
  return { pages: Number(pages?.[1] ?? 0), widthMm: mm(size?.[1] ?? '0'), heightMm: mm(size?.[2] ?? '0') };
}

/** The fonts embedded in a PDF, by name (subset prefixes removed). */
export function pdfFonts(path: string): string[] {
  const lines = execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2);
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      const embedded = cols.at(-5) === 'yes';
      return `${(cols[0] ?? '').replace(/^[A-Z]{6}\+/, '')}${embedded ? '' : ' (not embedded)'}`;
    });
}

/** The PDF's first page as a PNG, for a person to look at what the printer would have printed. */
export function pdfToPng(path: string, pngWithoutExtension: string): void {
  execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', path, pngWithoutExtension]);
}
