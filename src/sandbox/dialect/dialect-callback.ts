import type { ProfileEngine } from '../../shared/profiles/profile-engine';
import type { ReplyField, RuleMeaning } from '../../shared/profiles/profile-schema';
import { DOCUMENT_CALLBACK } from '../../shared/profiles/callback-reader';
import { satisfy, type Values } from './dialect-reply';

/**
 * The document's callback parameters (section 6.2) said in the profile's words: each fact under
 * the first name the profile reads it from, the status written with a callback rule the profile's
 * own reader reads back as meant (or the document's word, for a profile with no callback rules).
 */
export function dialectCallback(engine: ProfileEngine, doc: Readonly<Record<string, string>>): Record<string, string> {
  const spec = engine.profile.callback ?? DOCUMENT_CALLBACK;
  const data: Values = {};
  for (const [field, names] of Object.entries(DOCUMENT_CALLBACK.fields) as [ReplyField, string[]][]) {
    const v = doc[names[0] ?? ''];
    if (v !== undefined && field !== 'status') data[field] = v;
  }
  const word = doc['status'] ?? '';
  const meaning = (word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()) as RuleMeaning;
  const say = (values: Values) => {
    const out: Record<string, string> = {};
    for (const [field, names] of Object.entries(spec.fields) as [ReplyField, string[]][]) {
      const v = values[field];
      if (v !== undefined && names[0] !== undefined) out[names[0]] = v;
    }
    return out;
  };
  for (const rule of spec.rules.filter((r) => r.means === meaning)) {
    const values = satisfy(rule, data);
    const params = values && say(values);
    if (params && engine.readCallback(params)?.meaning === meaning) return params;
  }
  return say({ ...data, status: word });
}
