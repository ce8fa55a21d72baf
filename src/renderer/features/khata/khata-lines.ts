import type { TFunction } from 'i18next';
import type { StatementLine } from '../../../shared/khata/khata-schemas';

/**
 * Lines a correction may name: a sale's credit and the entries that moved it, never a correction,
 * and only this counter's (another counter's line is corrected at that counter, in its own books).
 */
export const correctable = (l: StatementLine): boolean => l.kind !== 'correction' && l.counter === null;

/** A statement line's words: what it was, and how it was paid when that says something. */
export function lineWhat(l: StatementLine, t: TFunction): string {
  const what = t(`khata.statement.kinds.${l.kind}`);
  return l.method && l.kind !== 'sale' ? `${what} (${t(`khata.statement.methods.${l.method}`)})` : what;
}

/** Which line a correction names (its date, what it was and its amount are shown beside the correction). */
export function correctedLine(l: StatementLine, lines: readonly StatementLine[]): StatementLine | null {
  if (l.kind !== 'correction') return null;
  return (
    lines.find(
      (o) => o.counter === l.counter && (l.corrects !== null ? o.id === l.corrects : o.kind === 'sale' && o.refId === l.correctsRef),
    ) ?? null
  );
}
