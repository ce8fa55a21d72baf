import type { DateFormat } from './profile-schema';
import type { ResolvedCall } from './call-variant';
import { signatureOf, type Digest } from './signature';
import { toBase64, utf8 } from './bytes';

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Our date is India's calendar date as YYYY-MM-DD; the provider may want it written otherwise. */
export function formatDate(isoDate: string, format: DateFormat): string {
  const [y = '', m = '', d = ''] = isoDate.split('-');
  switch (format) {
    case 'YYYY-MM-DD':
      return isoDate;
    case 'DD-MM-YYYY':
      return `${d}-${m}-${y}`;
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
  }
}

/** Fills `{name}`, `{op.x}` and `{shop.x}`; a name the call does not have was refused when the profile was read. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)?)\}/g, (_, name: string) => values[name] ?? '');
}

/** A value that would end a header line and start another: refused, never sent. */
export class HeaderRefused extends Error {
  constructor(readonly header: string) {
    super(`the ${header} header would carry a line break: not sent`);
  }
}

function headerValue(name: string, value: string): string {
  if (/[\r\n\0]/.test(value)) throw new HeaderRefused(name);
  return value;
}

const ACCEPT = { json: 'application/json', xml: 'application/xml, text/xml', delimited: 'text/plain, */*', kv: 'text/plain, */*' } as const;

function authorization(auth: NonNullable<ResolvedCall['auth']>, values: Readonly<Record<string, string>>): string {
  if (auth.scheme === 'bearer') return `Bearer ${fill(auth.token, values)}`;
  const pair = `${fill(auth.user, values)}:${fill(auth.password, values)}`;
  return `Basic ${toBase64(utf8(pair))}`;
}

/**
 * One request on one of the profile's hosts. Every value is encoded by the URL or body encoder, never
 * pasted into the URL, so no value (or template) can add a parameter, a path or a host; a header
 * value with a line break is refused, so none can add a header. Signatures are computed over their
 * filled templates, from the same values as the request.
 */
export function buildRequest(baseUrl: string, call: ResolvedCall, values: Readonly<Record<string, string>>, digest?: Digest): HttpRequest {
  const params = new Map(Object.entries(call.params).map(([name, template]): [string, string] => [name, fill(template, values)]));
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(call.headers)) headers[name.toLowerCase()] = headerValue(name, fill(template, values));
  if (call.auth) headers['authorization'] = headerValue('Authorization', authorization(call.auth, values));
  for (const s of call.sign) {
    const signed = signatureOf(s, fill(s.of, values), s.key === undefined ? '' : fill(s.key, values), digest);
    if (s.in === 'param') params.set(s.name, signed);
    else headers[s.name.toLowerCase()] = headerValue(s.name, signed);
  }
  headers['accept'] = ACCEPT[call.reply.format];
  const url = `${baseUrl}${call.path}`;
  const pairs = [...params];
  if (call.encoding === 'query') return { method: call.method, url: `${url}?${new URLSearchParams(pairs)}`, headers };
  if (call.encoding === 'form')
    return {
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: String(new URLSearchParams(pairs)),
    };
  return {
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(pairs)),
  };
}
