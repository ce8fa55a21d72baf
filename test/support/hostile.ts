import fc from 'fast-check';

/**
 * Values a buggy or hostile renderer can put in an IPC payload. Electron's IPC carries structured
 * clones, so beyond JSON there are NaN, Infinity, -0, undefined, BigInt, Date, Map, Set and typed
 * arrays; strings come huge, with lone surrogates, NUL, bidi overrides, markup and numbers.
 */
export const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\u202eevil',
    '<script>alert(1)</script>',
    '<html><body>Error</body></html>',
    "'; DROP TABLE txns; --",
    '../../etc/passwd',
    '%00%ZZ',
    '9876545555',
    ' 98765 45555 ',
    '०९८७६५४५५५५',
    'JIO',
    'jio',
    'DTH',
    '1e3',
    '0x10',
    '-10',
    'NaN',
  ),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(NaN, Infinity, -Infinity, -0, 0.5, 2 ** 53, -(2 ** 31), 1e308, undefined, null, true, 10n, [], {}),
  },
  { weight: 1, arbitrary: fc.date().map((d): unknown => d) },
  { weight: 1, arbitrary: fc.constant(null).map((): unknown => new Map([['refId', 'x']])) },
  { weight: 1, arbitrary: fc.constant(null).map((): unknown => new Set([1, 2])) },
  { weight: 1, arbitrary: fc.constant(null).map((): unknown => new Uint8Array([1, 2, 3])) },
);

const FIELDS = ['status', 'message', 'msg', 'errorcode', 'error_code', 'number', 'amount', 'operator', 'ref_id', 'txn_id', 'opt_id'];
const MORE = ['margin_amount', 'balance', 'buyerBalance', 'sellerBalance', 'lienBalance', 'complain_id', 'duplicate'];
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  hostileString,
  fc.constantFrom(
    'Success',
    'SUCCESS',
    'pending',
    'Failure',
    'FAILURE',
    'Error',
    'Refunded',
    'Accepted',
    '1,23,456.50',
    '-0.00',
    '12.345',
    '1e5',
    'true',
  ),
  fc.double().map((d) => (Number.isFinite(d) ? d : 0)),
);
const replyObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS, ...MORE), fc.string({ maxLength: 10 })), jsonish, { maxKeys: 12 });
/** A provider reply body: random JSON (reply-shaped or not), HTML, binary, huge, deeply nested. */
export const providerBody = fc.oneof(
  replyObject.map((o) => JSON.stringify(o)),
  replyObject.map((o) => `\uFEFF${JSON.stringify(o)}`),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 500 }),
  fc.constantFrom(
    '',
    'null',
    '[]',
    '"Success"',
    '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
    '{"status":',
    '{"__proto__":{"status":"Success"}}',
    `{"status":"Success","message":"${'m'.repeat(300_000)}"}`,
    `[${'['.repeat(5000)}${']'.repeat(5000)}]`,
  ),
);
