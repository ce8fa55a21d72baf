import type { CallSpec, DateFormat } from './profile-schema';

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

/** Fills `{name}` placeholders; a name the call does not have was refused when the profile was read. */
function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => values[name] ?? '');
}

const ACCEPT = { json: 'application/json', xml: 'application/xml, text/xml', delimited: 'text/plain, */*', kv: 'text/plain, */*' } as const;

/**
 * One request on the owner's host. Every value is encoded by the URL or body encoder, never pasted
 * into the URL, so no value (or template) can add a parameter, a path or a host.
 */
export function buildRequest(baseUrl: string, call: CallSpec, values: Readonly<Record<string, string>>): HttpRequest {
  const params = Object.entries(call.params).map(([name, template]): [string, string] => [name, fill(template, values)]);
  const url = `${baseUrl}${call.path}`;
  const headers: Record<string, string> = { accept: ACCEPT[call.reply.format] };
  if (call.encoding === 'query') return { method: call.method, url: `${url}?${new URLSearchParams(params)}`, headers };
  if (call.encoding === 'form')
    return {
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: String(new URLSearchParams(params)),
    };
  return {
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(params)),
  };
}
