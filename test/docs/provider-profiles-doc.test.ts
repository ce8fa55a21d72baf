import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/shared/profiles/profile-engine';
import { DOC_VALUES, docProblems, fencedBlocks, overlay } from './doc-examples';

const doc = readFileSync(new URL('../../docs/provider-profiles.md', import.meta.url), 'utf8');

describe('docs/provider-profiles.md, the version 2 reference', () => {
  it('has every example true: each loads in the app and each request is the one the app sends', () => {
    expect(docProblems(doc)).toEqual([]);
  });

  it('shows a worked example for every capability of version 2', () => {
    const examples = fencedBlocks(doc)
      .filter((b) => b.info.startsWith('json v2-'))
      .map((b) => b.body);
    const shows = (key: string) => examples.some((e) => e.includes(`"${key}"`));
    for (const key of ['credentials', 'hosts', 'variants', 'values', 'shopValues', 'headers', 'auth', 'sign', 'limits', 'complaintsBy'])
      expect(shows(key), key).toBe(true);
    for (const fact of ['{txn_id}', '{recharge_date}', '{op.service}', '{shop.circle}', '{amount_paise}'])
      expect(
        examples.some((e) => e.includes(fact)),
        fact,
      ).toBe(true);
    for (const scheme of ['"basic"', '"bearer"'])
      expect(
        examples.some((e) => e.includes(scheme)),
        scheme,
      ).toBe(true);
    for (const encoding of ['"query"', '"form"', '"json"'])
      expect(
        examples.some((e) => e.includes(encoding)),
        encoding,
      ).toBe(true);
  });

  it('fails when an example is wrong: a request the app would not send, a file the app refuses', () => {
    const wrongRequest = doc.replace('&op=JI&type=PREPAID&', '&op=JI&type=POSTPAID&');
    expect(wrongRequest).not.toBe(doc);
    expect(docProblems(wrongRequest).join('\n')).toContain('type=PREPAID');
    // The password, a secret, made 2 characters long: a file the app refuses.
    const wrongFile = doc.replace('"minLength": 6,', '"minLength": 2,');
    expect(wrongFile).not.toBe(doc);
    expect(docProblems(wrongFile).length).toBeGreaterThan(0);
    // A sample claiming a recharge's ERROR is a failure: the app reads it unknown, so the file is refused.
    const lawBroken = doc.replace('"reads": "unknown" }', '"reads": "Failure" }');
    expect(docProblems(lawBroken).length).toBeGreaterThan(0);
  });

  it('reads the replies it describes as it says: an ERROR recharge reply is unknown, a FAILED status is a failure', () => {
    const base = fencedBlocks(doc).find((b) => b.info === 'json v2-profile');
    const engine = createEngine(overlay(JSON.parse(base?.body ?? 'null'), {}), 'check');
    expect(engine.read('recharge', '{"status":"ERROR","message":"try later"}')?.meaning ?? null).toBeNull();
    expect(engine.read('status', '{"status":"FAILED","txid":"TX778","reqid":"RD26112800001"}')?.meaning).toBe('Failure');
    expect(engine.read('recharge', '{"status":"SUCCESS","bal":"1801.00"}')?.fields.buyerBalance).toBeDefined();
    expect(DOC_VALUES.number).toBe('9876543210');
  });

  it('keeps its word that no value can add a parameter or a header', () => {
    const base = fencedBlocks(doc).find((b) => b.info === 'json v2-profile');
    const engine = createEngine(JSON.parse(base?.body ?? 'null'), 'check');
    const sly = { ...DOC_VALUES, credentials: { ...DOC_VALUES.credentials, password: 'pw&op=XX#frag' } };
    const url = new URL(engine.request('recharge', {}, sly).url);
    expect(url.searchParams.get('pin')).toBe('pw&op=XX#frag');
    expect(url.searchParams.getAll('op')).toEqual(['JI']);
    const withHeader = createEngine(
      overlay(JSON.parse(base?.body ?? 'null'), { calls: { recharge: { headers: { 'X-Member': '{member_id}' } } } }),
      'check',
    );
    const broken = { ...DOC_VALUES, credentials: { ...DOC_VALUES.credentials, member_id: '40021\r\nX-Evil: 1' } };
    expect(() => withHeader.request('recharge', {}, broken)).toThrow();
  });
});
