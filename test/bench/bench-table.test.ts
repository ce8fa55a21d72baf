import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchTable, recordedFileSchema, withTable, type RecordedFile } from './bench-table';

const ROOT = join(__dirname, '../..');
const recorded = recordedFileSchema.parse(JSON.parse(readFileSync(join(ROOT, 'bench/recorded.json'), 'utf8')));

const figure = (value: number, at = '2026-11-28T10:00:00.000Z') => ({ value, at, load: 1.2, commit: 'abc1234' });

describe('the benchmark table', () => {
  it('in docs/benchmarks.md is the one bench/recorded.json makes (no figure typed by hand)', () => {
    const doc = readFileSync(join(ROOT, 'docs/benchmarks.md'), 'utf8');
    expect(doc, 'run `npm run bench:table` and commit docs/benchmarks.md').toBe(withTable(doc, recorded));
  });

  it('says a goal missed, with the run it came from', () => {
    const file: RecordedFile = { keys: { report_month_ms_1m: figure(65.3), report_day_ms_1m: figure(12) } };
    const table = benchTable(file);
    expect(table).toContain(
      '| `report_month_ms_1m`: the day book for 30 days | ≤ 50 ms | 65.3 ms | **no** | 2026-11-28, load 1.2, `abc1234` |',
    );
    expect(table).toMatch(/`report_day_ms_1m`[^\n]*\| 12 ms \| yes \|/);
    expect(table).toMatch(/`dayclose_ms_1m`[^\n]*not recorded yet/);
  });

  it('shows a family of keys by its worst, and misses the goal when any one misses it', () => {
    const file: RecordedFile = {
      keys: { crash_doubles_rechapi: figure(0), crash_doubles_joloapi: figure(1, '2026-11-27T10:00:00.000Z') },
    };
    expect(benchTable(file)).toMatch(
      /`crash_doubles_\*`[^\n]*\| none \| 2 keys, worst 1 \(`crash_doubles_joloapi`\) \| \*\*no\*\* \| 2026-11-27/,
    );
  });
});
