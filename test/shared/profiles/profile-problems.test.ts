import { describe, expect, it } from 'vitest';
import hashText from '../../../src/shared/profiles/builtin/hash-text.json';
import { readOnBench } from '../../../src/shared/profiles/profile-problems';
import { MAX_PROFILE_CHARS } from '../../../src/shared/profiles/profile-schema';
import { outcomeText } from '../../../src/shared/words/outcome-text';

/** A provider's profile as a person writes it: two spaces, one key a line. */
const pretty = (edit: (p: Record<string, unknown>) => void = () => {}) => {
  const p = { ...structuredClone(hashText), id: 'my-provider', name: 'My Provider' } as Record<string, unknown>;
  edit(p);
  return JSON.stringify(p, null, 2);
};
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const said = (r: ReturnType<typeof readOnBench>, lang: 'en' | 'hi' = 'en') =>
  r.problems.map((p) => `${p.line}: ${outcomeText(lang, p.problem)} [${p.path}]`);

describe('the profile workbench reads a pasted profile', () => {
  it('a good profile has no problem, passes the law and reads every sample as it says', () => {
    const r = readOnBench(pretty());
    expect(r.problems).toEqual([]);
    expect(r.lawPassed).toBe(true);
    expect(r.samples?.length).toBe(hashText.samples.length);
    expect(r.samples?.every((s) => s.read === s.expected)).toBe(true);
  });

  it('a missing comma is named on its line and column', () => {
    const good = pretty();
    const at = lineOf(good, '"name": "My Provider"');
    const text = good.replace('"name": "My Provider",', '"name": "My Provider"');
    const r = readOnBench(text);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ line: at + 1, column: 3, problem: { params: { kind: 'not_json' } } });
    expect(said(r)[0]).toContain('stops being JSON here');
  });

  it('each shape problem is on the line of its key, in plain words in both languages', () => {
    const text = pretty((p) => {
      (p['calls'] as { status: Record<string, unknown> }).status['methd'] = 'GET';
      (p['reference'] as Record<string, unknown>)['maxLength'] = 'twelve';
      delete p['name'];
    });
    const r = readOnBench(text);
    const en = said(r);
    expect(en).toContainEqual(
      `${lineOf(text, '"methd"')}: This key is not part of the format here: remove it or check its spelling. [calls.status.methd]`,
    );
    expect(en).toContainEqual(`${lineOf(text, '"maxLength": "twelve"')}: This value must be a number. [reference.maxLength]`);
    expect(en.some((s) => s.endsWith('[name]') && s.includes('A key the format needs is missing'))).toBe(true);
    for (const hi of said(r, 'hi')) expect(hi).toMatch(/[\u0900-\u097F]/);
    expect(r.profile).toBeNull();
  });

  it('a rule that breaks the money law is named on the rule’s line; its samples are still shown', () => {
    const text = pretty((p) => {
      const calls = p['calls'] as { status: { rules: unknown[] } };
      calls.status.rules.push({ when: [{ field: 'status', is: 'absent' }], means: 'Failure' });
    });
    const r = readOnBench(text);
    expect(r.lawPassed).toBe(false);
    expect(r.samples).not.toBeNull();
    const law = r.problems.filter((p) => p.problem.params.kind === 'law');
    expect(law.length).toBeGreaterThan(0);
    expect(law[0]?.line).toBe(lineOf(text, '"is": "absent"') - 4);
    expect(outcomeText('en', law[0]!.problem)).toMatch(/^The money law refuses it: rule \d+ of the status call/);
  });

  it('a sample read otherwise than it says is crossed and named on its line', () => {
    const text = pretty((p) => {
      const samples = p['samples'] as { reads: string }[];
      samples[0]!.reads = samples[0]!.reads === 'Success' ? 'Failure' : 'Success';
    });
    const r = readOnBench(text);
    expect(r.samples?.[0]?.read).not.toBe(r.samples?.[0]?.expected);
    const misread = r.problems.find((p) => p.problem.params.fault?.fault === 'sample_misread');
    expect(misread?.path).toBe('samples.0');
    expect(misread?.line).toBe(lineOf(text, '"samples"') + 1);
  });

  it('hostile text: too large, too deep, not JSON, __proto__ keys: each a clear problem, quickly', () => {
    const cases: [string, string][] = [
      ['x'.repeat(10 * 1024 * 1024), 'too_large'],
      ['['.repeat(10_000), 'too_deep'],
      ['hello, this is not json', 'not_json'],
      [pretty().replace('"id":', '"__proto__": { "polluted": true },\n  "id":'), 'forbidden_key'],
      // 10,000 lines, within the size a profile may have: the unknown list is named, on its line.
      [pretty().replace('"id":', `"padding": [\n${Array.from({ length: 10_000 }, () => '0').join(',\n')}\n],\n  "id":`), 'unknown_key'],
    ];
    for (const [text, kind] of cases) {
      const started = performance.now();
      const r = readOnBench(text);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(r.problems.map((p) => p.problem.params.kind)).toContain(kind);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(readOnBench('x'.repeat(MAX_PROFILE_CHARS + 1)).problems[0]?.problem.params.limit).toBe(MAX_PROFILE_CHARS);
  });

  it('a key written twice is named on its second line', () => {
    const text = pretty().replace('"name": "My Provider",', '"name": "My Provider",\n  "name": "Other",');
    const r = readOnBench(text);
    expect(r.problems[0]).toMatchObject({ line: lineOf(text, '"Other"'), problem: { params: { kind: 'duplicate_key' } } });
  });
});
