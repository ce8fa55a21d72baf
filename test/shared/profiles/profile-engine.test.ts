import { describe, expect, it } from 'vitest';
import document from '../../../src/shared/profiles/builtin/document.json';
import { createEngine, ProfileRefused } from '../../../src/shared/profiles/profile-engine';
import { builtinEngine } from '../../../src/shared/profiles/builtin-profiles';

/** The document's profile with one call's reply or rules replaced: the shape of a hostile or odd import. */
function variant(edit: (p: typeof document & Record<string, unknown>) => void): unknown {
  const p = structuredClone(document) as typeof document & Record<string, unknown>;
  edit(p);
  return p;
}

const base = 'https://api.example.in';
const values = {
  credentials: { username: '9876543210', token: 'T0K' },
  number: '9123456780',
  amountRupees: 199,
  operator: 'AT',
  ref: 'ABCD0001',
  date: '2026-11-25',
};

describe('a profile says how to ask, never where', () => {
  it('builds the document request exactly as the API document gives it', () => {
    const req = createEngine(document).request('recharge', base, values);
    expect(req.method).toBe('GET');
    expect(req.url).toBe(
      'https://api.example.in/webservices/api/recharge?username=9876543210&api_token=T0K&number=9123456780&amount=199&operator=AT&ref_id=ABCD0001',
    );
  });

  it('encodes every value, so a value cannot add a parameter', () => {
    const req = createEngine(document).request('complaint', base, { ...values, txnId: 'T1', reason: 'x&api_token=evil#frag' });
    const url = new URL(req.url);
    expect(url.host).toBe('api.example.in');
    expect(url.searchParams.getAll('api_token')).toEqual(['T0K']);
    expect(url.searchParams.get('reason')).toBe('x&api_token=evil#frag');
  });

  it('refuses a path that leaves the owner host, climbs, or carries a query', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/x', '/a/../../b', '/x?api_token=1', '/a b', '@evil.example']) {
      expect(() => createEngine(variant((p) => (p.calls.balance.path = path))), path).toThrow();
    }
  });

  it('refuses a placeholder the call does not have (the token in a complaint reason is fine, a stranger is not)', () => {
    expect(() => createEngine(variant((p) => ((p.calls.balance.params as Record<string, string>).n = '{number}')))).toThrow(
      /not known in the balance call/,
    );
    expect(() => createEngine(variant((p) => ((p.calls.status.params as Record<string, string>).host = '{baseUrl}')))).toThrow();
  });

  it('writes the date in the provider format and the amount in paise when asked', () => {
    const e = createEngine(
      variant((p) => {
        p.dateFormat = 'DD/MM/YYYY';
        (p.calls.recharge.params as Record<string, string>).amount = '{amount_paise}';
      }),
    );
    expect(new URL(e.request('recharge', base, values).url).searchParams.get('amount')).toBe('19900');
    expect(new URL(e.request('status', base, values).url).searchParams.get('recharge_date')).toBe('25/11/2026');
  });

  it('sends a form or JSON body on POST', () => {
    const form = createEngine(variant((p) => Object.assign(p.calls.recharge, { method: 'POST', encoding: 'form' }))).request(
      'recharge',
      base,
      values,
    );
    expect(form).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(new URLSearchParams(form.body).get('number')).toBe('9123456780');
    const json = createEngine(variant((p) => Object.assign(p.calls.recharge, { method: 'POST', encoding: 'json' }))).request(
      'recharge',
      base,
      values,
    );
    expect(JSON.parse(json.body ?? '')).toMatchObject({ number: '9123456780', amount: '199' });
  });
});

describe('a profile says how to read, and a reply no rule reads is unknown', () => {
  const doc = createEngine(document);

  it('reads the document words in any letter case', () => {
    expect(doc.read('recharge', '{"status":"SUCCESS","txn_id":"T"}')?.meaning).toBe('Success');
    expect(doc.read('recharge', '{"status":"pending"}')?.fields.status.status).toBe('Pending');
  });

  it('a word no rule knows, an empty status, an HTML page: unknown, never failure', () => {
    expect(doc.read('recharge', '{"status":"FAILED"}')?.meaning).toBeNull();
    expect(doc.read('recharge', '{"status":"FAILED"}')?.fields.status.status).toBe('Unknown');
    expect(doc.read('recharge', '{}')?.fields.status.status).toBe('Unknown');
    expect(doc.read('recharge', '<html>502 Bad Gateway</html>')).toBeNull();
    expect(doc.read('recharge', '')).toBeNull();
  });

  it('reads XML with numeric codes and attributes, and words its error codes in the document numbering', () => {
    const xml = builtinEngine('code-xml');
    const r = xml.read(
      'status',
      '<Response><Response-code>0</Response-code><Message lang="en">done &amp; dusted</Message><TXNNO>R1</TXNNO></Response>',
    );
    expect(r).toMatchObject({ meaning: 'Success', fields: { message: 'done & dusted', refId: 'R1' } });
    expect(xml.read('status', '<Response><Response-code>150</Response-code></Response>')?.meaning).toBe('Failure');
    expect(xml.read('status', '<Response><Response-code>99</Response-code></Response>')?.meaning).toBeNull();
    expect(xml.read('recharge', '<Response><Response-code>228</Response-code></Response>')).toMatchObject({
      meaning: 'not_processed',
      fields: { errorCode: '128' },
    });
    // Entities a document type declares could expand without end: such a body is no reply.
    expect(xml.read('status', '<!DOCTYPE r [<!ENTITY a "aaaa">]><Response><Response-code>0</Response-code></Response>')).toBeNull();
  });

  it('reads a delimited line by position, the first line only', () => {
    const text = builtinEngine('hash-text');
    expect(text.read('recharge', 'Success#TX9#Pending#OP1#AB12\nError#FUND#x')).toMatchObject({
      meaning: 'Pending',
      fields: { txnId: 'TX9', refId: 'AB12' },
    });
    expect(text.read('recharge', 'Error#FUND#Insufficient balance')).toMatchObject({
      meaning: 'not_processed',
      fields: { errorCode: '128' },
    });
    expect(text.read('recharge', 'Success#TX9#Done')?.meaning).toBeNull();
  });

  it('a hostile pattern runs in linear time (RE2), and one RE2 cannot run is refused', () => {
    const evil = createEngine(
      variant((p) =>
        p.calls.status.rules.unshift({ when: [{ field: 'message', is: 'regex', pattern: '^(a+)+b$' }], means: 'Pending' } as never),
      ),
    );
    expect(evil.read('status', JSON.stringify({ status: 'x', message: 'a'.repeat(5000) }))?.meaning).toBeNull();
    expect(() =>
      createEngine(
        variant((p) =>
          p.calls.status.rules.unshift({ when: [{ field: 'message', is: 'regex', pattern: '(a)\\1' }], means: 'Pending' } as never),
        ),
      ),
    ).toThrow(ProfileRefused);
  });
});

describe('a profile that would turn silence into failure is refused with the reason', () => {
  const faults = (p: unknown) => {
    try {
      createEngine(p);
      return [];
    } catch (e) {
      return e instanceof ProfileRefused ? e.faults : ['threw something else'];
    }
  };

  it('a catch-all failure rule, a failure on a missing status, a not-processed on any word', () => {
    expect(
      faults(
        variant((p) => p.calls.recharge.rules.push({ when: [{ field: 'status', is: 'regex', pattern: '.*' }], means: 'Failure' } as never)),
      ),
    ).toEqual(
      expect.arrayContaining([
        { fault: 'closes_without_word', call: 'recharge', rule: 10 },
        { fault: 'closes_open_word', call: 'recharge', rule: 10, word: 'pending' },
        { fault: 'guesses_failure', call: 'recharge', rule: 10, probe: 'status-blank' },
      ]),
    );
    expect(
      faults(variant((p) => p.calls.status.rules.unshift({ when: [{ field: 'status', is: 'absent' }], means: 'Failure' } as never))),
    ).toEqual(
      expect.arrayContaining([
        { fault: 'closes_without_word', call: 'status', rule: 1 },
        { fault: 'guesses_failure', call: 'status', rule: 1, probe: 'status-blank' },
      ]),
    );
    expect(
      faults(variant((p) => p.calls.balance.rules.push({ when: [{ field: 'message', is: 'absent' }], means: 'not_processed' } as never))),
    ).toEqual(
      expect.arrayContaining([
        { fault: 'closes_without_word', call: 'balance', rule: 3 },
        { fault: 'guesses_failure', call: 'balance', rule: 3, probe: 'status-blank' },
      ]),
    );
  });

  it('a reference our ids cannot meet: shorter than 12; digits only, or 12 to 15 characters, is served', () => {
    expect(faults(variant((p) => (p.reference = { maxLength: 11, digitsOnly: true })))).toEqual([
      { fault: 'reference_unsupported', maxLength: 11, digitsOnly: true },
    ]);
    expect(faults(variant((p) => (p.reference = { maxLength: 11, digitsOnly: false })))).toHaveLength(1);
    expect(faults(variant((p) => (p.reference = { maxLength: 14, digitsOnly: true })))).toEqual([]);
    expect(faults(variant((p) => (p.reference = { maxLength: 12, digitsOnly: false })))).toEqual([]);
  });

  it('a required field left unmapped', () => {
    expect(faults(variant((p) => delete (p.calls.balance.reply.fields as Record<string, unknown>).buyerBalance))).toEqual([
      { fault: 'field_unmapped', call: 'balance', field: 'buyerBalance' },
    ]);
  });

  it('a sample that reads otherwise than it says is named', () => {
    const said = variant((p) =>
      p.samples.push({ call: 'status', note: 'their word for failed', body: '{"status":"FAILED"}', reads: 'Failure' }),
    );
    expect(faults(said)).toEqual([
      { fault: 'sample_misread', call: 'status', sample: 14, note: 'their word for failed', expected: 'Failure', read: 'unknown' },
    ]);
  });

  it('the built-in document profile passes its own checks', () => {
    expect(faults(document)).toEqual([]);
  });
});
