import * as z from 'zod';
import { REPLY_FIELDS } from '../profile-schema';
import corpus from './silence-corpus.json';

/**
 * Replies that say nothing about a recharge (issue 35 item 8): gateway and load-balancer pages
 * (nginx, HAProxy, Cloudflare, AWS), HTML error pages, empty and truncated bodies, rate limits, JSON
 * and XML error envelopes, "status will be updated" messages, in every shape a profile reads
 * (JSON, XML, delimited lines, key=value callbacks). A profile that closes any of them is refused:
 * a recharge that met a timeout may still be carried out. `fields` are the same silence put where
 * a provider's own verdict goes, whatever the profile names its fields.
 */
const corpusSchema = z.strictObject({
  replies: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[a-z0-9-]{1,40}$/),
        shape: z.enum(['html', 'text', 'empty', 'truncated', 'json', 'xml', 'delimited', 'kv']),
        body: z.string().max(4000),
      }),
    )
    .min(200),
  fields: z.array(
    z.strictObject({
      name: z.string().regex(/^[a-z0-9-]{1,40}$/),
      fields: z.partialRecord(z.enum(REPLY_FIELDS), z.string().max(200)),
    }),
  ),
});
export type SilenceCorpus = z.infer<typeof corpusSchema>;

export const SILENCE: SilenceCorpus = corpusSchema.parse(corpus);

/** A key=value body as a callback's parameters (`&`, `;` or new lines between pairs). */
export function kvParams(body: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of body.split(/[&;\n]/)) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    params[decode(pair.slice(0, at))] = decode(pair.slice(at + 1));
  }
  return params;
}

/**
 * Every text of the corpus a provider's message could be (a probe's message, a plain-text body):
 * where a status only says "see the message", no exact word of a closing rule may be one of them.
 */
export const SILENT_MESSAGES: readonly { readonly name: string; readonly text: string }[] = [
  ...SILENCE.fields.flatMap((p) => (p.fields.message === undefined ? [] : [{ name: p.name, text: p.fields.message }])),
  ...SILENCE.replies.filter((r) => r.shape === 'text').map((r) => ({ name: r.name, text: r.body })),
];
