import { z } from 'zod';
import { MEASURES, meets, type Measure } from './measures';

/** One figure as `npm run bench:record` keeps it: the value and the run it came from. */
const recordedSchema = z.object({
  value: z.number(),
  at: z.string(),
  load: z.number().nullable(),
  commit: z.string(),
});
export const recordedFileSchema = z.object({ keys: z.record(z.string(), recordedSchema) });
export type RecordedFile = z.infer<typeof recordedFileSchema>;
type Recorded = z.infer<typeof recordedSchema>;

export const TABLE_START = '<!-- bench-table:start (made by `npm run bench:table` from bench/recorded.json; do not edit) -->';
export const TABLE_END = '<!-- bench-table:end -->';

const figure = (value: number, unit: string) => `${Number(value.toPrecision(4)).toLocaleString('en-IN')}${unit ? ` ${unit}` : ''}`;
const goalText = (m: Measure) => {
  if (!m.goal) return '';
  if (m.goal.at === 'most' && m.goal.value === 0) return 'none';
  return `${m.goal.at === 'most' ? '≤' : '≥'} ${figure(m.goal.value, m.unit)}`;
};
const when = (r: Recorded) => `${r.at.slice(0, 10)}, load ${r.load === null ? '?' : r.load.toFixed(1)}, \`${r.commit}\``;

/** The row of one measure: its figure (or, for a family of keys, how many and the worst). */
function row(m: Measure, keys: RecordedFile['keys']): string {
  const family = m.key.endsWith('*');
  const found = Object.entries(keys)
    .filter(([k]) => (family ? k.startsWith(m.key.slice(0, -1)) : k === m.key))
    .sort(([a], [b]) => a.localeCompare(b));
  const name = `\`${m.key}\`: ${m.what}`;
  if (found.length === 0) return `| ${name} | ${goalText(m)} | not recorded yet | | |`;
  const worstFirst = [...found].sort(([, a], [, b]) => (m.goal?.at === 'least' ? a.value - b.value : b.value - a.value));
  const [worstKey, worst] = worstFirst[0]!;
  const result = family ? `${found.length} keys, worst ${figure(worst.value, m.unit)} (\`${worstKey}\`)` : figure(worst.value, m.unit);
  const met = m.goal ? (found.every(([, r]) => meets(m.goal!, r.value)) ? 'yes' : '**no**') : '';
  const oldest = [...found].sort(([, a], [, b]) => a.at.localeCompare(b.at))[0]![1];
  return `| ${name} | ${goalText(m)} | ${result} | ${met} | ${when(family ? oldest : worst)} |`;
}

/** The table of docs/benchmarks.md, between its markers, from what was recorded. */
export function benchTable(recorded: RecordedFile): string {
  return [
    TABLE_START,
    '<!-- prettier-ignore-start -->',
    '| measure | goal | result | met | measured (date, load average, commit) |',
    '| --- | --- | --- | --- | --- |',
    ...MEASURES.map((m) => row(m, recorded.keys)),
    '<!-- prettier-ignore-end -->',
    TABLE_END,
  ].join('\n');
}

/** The document with its table made again from `recorded`; throws when the markers are missing. */
export function withTable(doc: string, recorded: RecordedFile): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/benchmarks.md has lost its bench-table markers');
  return doc.slice(0, start) + benchTable(recorded) + doc.slice(end + TABLE_END.length);
}
