const hex4 = (n: number) => n.toString(16).padStart(4, '0');
/** The ways a provider's reply can carry the token it was sent. */
export const ENCODINGS: Record<string, (t: string) => string> = {
  plain: (t) => t,
  percent: (t) => encodeURIComponent(t),
  percentLower: (t) => encodeURIComponent(t).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  form: (t) => new URLSearchParams({ x: t }).toString().slice(2),
  json: (t) => JSON.stringify(t).slice(1, -1),
  // PHP's json_encode: "\/" for "/", every non-ASCII unit as \uXXXX.
  php: (t) =>
    JSON.stringify(t)
      .slice(1, -1)
      .replace(/\//g, '\\/')
      .replace(/[\u0080-\uffff]/g, (c) => `\\u${hex4(c.charCodeAt(0))}`),
  jsonAllEscaped: (t) =>
    t
      .split('')
      .map((unit) => `\\u${hex4(unit.charCodeAt(0))}`)
      .join(''),
  upperUnicodeEscape: (t) => [...t].map((c) => (c.length === 1 ? `\\u${hex4(c.charCodeAt(0)).toUpperCase()}` : c)).join(''),
  htmlDecimal: (t) => [...t].map((c) => `&#${c.codePointAt(0) ?? 0};`).join(''),
  htmlHex: (t) => [...t].map((c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`).join(''),
  mixed: (t) => [...t].map((c, i) => (i % 2 ? encodeURIComponent(c) : c)).join(''),
};
