import type { VariantFacts } from './call-variant';
import {
  isExtractor,
  MAX_PATTERNS,
  type ReplySpec,
  type CallName,
  type CallSpec,
  type Profile,
  type ReplyField,
  type RuleMeaning,
  type StatusRule,
} from './profile-schema';
import { compileRules, compileTest, type CompiledRules } from './status-rules';
import { readReply, type RawFields } from './reply-reader';
import { captureFault } from './reply-extract';
import { callbackFields, DOCUMENT_CALLBACK } from './callback-reader';
import { refIdForm } from '../ref-id-shape';
import { isClosingMeaning, OPEN_WORD_SPELLINGS, ruleLawFaults } from '../money-law/profile-law';
import { PATTERN_BUDGET_MS, patternWithinBudget } from './pattern-cost';
import { kvParams, SILENCE, SILENT_MESSAGES } from './silence-corpus/silence-corpus';

type Where = CallName | 'callback';

/** Why a profile that parses is still refused: each names the call, the rule and the fault. */
export type ProfileFault =
  | { fault: 'field_unmapped'; call: CallName; field: ReplyField }
  /** A rule closes a reply that says nothing: `probe` names it among the corpus's fields. */
  | { fault: 'guesses_failure'; call: Where; rule: number; probe: string }
  /** A rule closes a reply of the silence corpus, named. */
  | { fault: 'closes_silence'; call: Where; rule: number; reply: string }
  | { fault: 'closes_without_word'; call: Where; rule: number }
  | { fault: 'closes_open_word'; call: Where; rule: number; word: string }
  /** A closing rule reads the provider's message by a pattern or `present`, not by exact words. */
  | { fault: 'closes_by_message_pattern'; call: Where; rule: number }
  /** A field's capture pattern cannot be run, or has not exactly one group. */
  | { fault: 'bad_capture'; call: CallName; field: ReplyField }
  | { fault: 'capture_too_slow'; call: CallName; field: ReplyField }
  | { fault: 'bad_pattern'; call: Where; rule: number }
  | { fault: 'pattern_too_slow'; call: Where; rule: number }
  | { fault: 'too_many_patterns'; count: number }
  | { fault: 'reference_unsupported'; maxLength: number; digitsOnly: boolean }
  | { fault: 'sample_misread'; call: CallName; sample: number; note: string; expected: RuleMeaning; read: RuleMeaning };

/**
 * Names this check: a verdict kept by content hash holds only under the same revision. Raise the
 * first number whenever the law itself changes; the corpus and the budget count by themselves.
 */
export const LAW_REVISION = `2:${SILENCE.replies.length}:${SILENCE.fields.length}:${PATTERN_BUDGET_MS}:${MAX_PATTERNS}`;

/** What each call must be able to read for the core to act on its answer. */
const REQUIRED: Record<CallName, readonly ReplyField[]> = {
  recharge: ['status'],
  status: ['status'],
  balance: ['buyerBalance'],
  complaint: ['complainId'],
};

export function checkProfile(profile: Profile): ProfileFault[] {
  const faults: ProfileFault[] = [];
  const { maxLength, digitsOnly } = profile.reference;
  // Our ref_id generator makes every form from REF_ID_FLOOR characters up, digits only or not.
  if (refIdForm(profile.reference) === null) faults.push({ fault: 'reference_unsupported', maxLength, digitsOnly });
  const callback = profile.callback ?? DOCUMENT_CALLBACK;
  const all = [
    ...Object.values(profile.calls).flatMap((c) => (c ? [c.rules, ...c.variants.map((v) => v.rules ?? [])].flat() : [])),
    ...callback.rules,
  ];
  const captures = Object.entries(profile.calls).flatMap(([call, spec]) =>
    spec ? readingShapes(spec).flatMap((shape) => capturesOf(call as CallName, shape.reply)) : [],
  );
  const count = all.flatMap((r) => r.when).filter((t) => t.is === 'regex').length + new Set(captures.map((c) => c.pattern)).size;
  // Each pattern is timed here and runs on every reply: their number bounds both.
  if (count > MAX_PATTERNS) return [...faults, { fault: 'too_many_patterns', count }];
  const memo = new Map<string, readonly (RawFields | null)[]>();
  for (const call of Object.keys(REQUIRED) as CallName[]) {
    const spec = profile.calls[call];
    if (!spec) continue;
    // A variant reads its own replies by its own rules: each is held to the same law as the call.
    for (const shape of readingShapes(spec)) {
      for (const field of REQUIRED[call])
        if (shape.reply.fields[field] === undefined) faults.push({ fault: 'field_unmapped', call, field });
      const { faults: ruleFaults, rules } = lawFaults(call, shape.rules);
      faults.push(...ruleFaults);
      const unrunnable = captureFaults(call, shape.reply);
      for (const f of unrunnable) if (!faults.some((g) => JSON.stringify(g) === JSON.stringify(f))) faults.push(f);
      if (rules && unrunnable.length === 0) faults.push(...silenceFaults(call, shape.rules, rules, corpusAs(memo, shape.reply)));
    }
  }
  // A callback's rules are held to the same law, though a callback only ever asks for a check.
  const { faults: callbackFaults, rules } = lawFaults('callback', callback.rules);
  faults.push(...callbackFaults);
  const asCallback = SILENCE.replies.map((r) => (r.shape === 'kv' ? callbackFields(callback, kvParams(r.body)) : null));
  if (rules) faults.push(...silenceFaults('callback', callback.rules, rules, asCallback));
  return faults;
}

/** The call's own reading, and each variant's that differs from it (a variant's parts default to the call's). */
function readingShapes(spec: CallSpec): { reply: ReplySpec; rules: readonly StatusRule[] }[] {
  const shapes = [{ reply: spec.reply, rules: spec.rules }];
  for (const v of spec.variants) if (v.reply || v.rules) shapes.push({ reply: v.reply ?? spec.reply, rules: v.rules ?? spec.rules });
  return shapes;
}

/** Every capture pattern a reply spec holds, with the field it reads. */
function capturesOf(call: CallName, reply: ReplySpec): { call: CallName; field: ReplyField; pattern: string }[] {
  const wheres = Object.entries(reply.fields) as [ReplyField, readonly unknown[]][];
  return wheres.flatMap(([field, list]) =>
    list.flatMap((w) => (isExtractor(w) && 'capture' in w ? [{ call, field, pattern: w.capture }] : [])),
  );
}

/** A capture runs on every reply like a rule's pattern: it must compile with exactly one group and be within the same budget. */
function captureFaults(call: CallName, reply: ReplySpec): ProfileFault[] {
  return capturesOf(call, reply).flatMap(({ field, pattern }): ProfileFault[] => {
    if (captureFault(pattern) !== null) return [{ fault: 'bad_capture', call, field }];
    return patternWithinBudget(pattern) ? [] : [{ fault: 'capture_too_slow', call, field }];
  });
}

/**
 * The corpus as a reply spec reads it, once per distinct spec of the profile (its calls often share
 * one): parsing the corpus is most of the check's cost, an XML profile's above all.
 */
function corpusAs(memo: Map<string, readonly (RawFields | null)[]>, spec: ReplySpec): readonly (RawFields | null)[] {
  const key = JSON.stringify(spec);
  let read = memo.get(key);
  if (!read) memo.set(key, (read = SILENCE.replies.map((r) => readReply(r.body, spec))));
  return read;
}

/** Each rule on its own: it compiles, each pattern is within budget, and a closing rule obeys the law. */
function lawFaults(call: Where, rules: readonly StatusRule[]): { faults: ProfileFault[]; rules: CompiledRules | null } {
  const faults: ProfileFault[] = [];
  rules.forEach((rule, i) => {
    const at = { call, rule: i + 1 };
    let checks;
    try {
      checks = rule.when.map((t) => ({ t, check: compileTest(t) }));
    } catch {
      faults.push({ fault: 'bad_pattern', ...at });
      return;
    }
    if (rule.when.some((t) => t.is === 'regex' && !patternWithinBudget(t.pattern))) faults.push({ fault: 'pattern_too_slow', ...at });
    const acceptsOpenWord = (t: { field: string }) => {
      const test = checks.find((c) => c.t === t);
      return OPEN_WORD_SPELLINGS.find((w) => test?.check({ [t.field]: w })) ?? null;
    };
    for (const f of ruleLawFaults(rule.means, rule.when, acceptsOpenWord))
      faults.push(f.law === 'closes_open_word' ? { fault: f.law, ...at, word: f.word.slice(0, 40) } : { fault: f.law, ...at });
  });
  faults.push(...messageSilenceFaults(call, rules));
  // Read against the silence corpus too, unless a pattern could not be run (or should not be).
  const runnable = !faults.some((f) => f.fault === 'bad_pattern' || f.fault === 'pattern_too_slow');
  // Only the rules up to the last closing one can close a reply (the first rule that holds decides):
  // a profile's "still pending" patterns after them ran on every reply of the corpus for nothing.
  const deciding = rules.slice(0, rules.findLastIndex((r) => isClosingMeaning(r.means)) + 1);
  return { faults, rules: runnable ? compileRules(deciding) : null };
}

/** A closing rule whose exact message words accept a message of the silence corpus ("Gateway Timeout"). */
function messageSilenceFaults(call: Where, rules: readonly StatusRule[]): ProfileFault[] {
  return rules.flatMap((rule, i): ProfileFault[] => {
    if (!isClosingMeaning(rule.means)) return [];
    const checks = rule.when.filter((t) => t.field === 'message' && (t.is === 'equals' || t.is === 'oneOf')).map(compileTest);
    const hit = SILENT_MESSAGES.find((m) => checks.some((check) => check({ message: m.text })));
    return hit ? [{ fault: 'closes_silence', call, rule: i + 1, reply: hit.name }] : [];
  });
}

/**
 * The silence corpus read as the call reads it: for each rule that closes any of it, one fault
 * naming the first field set and one naming the first reply it closes.
 */
function silenceFaults(
  call: Where,
  rules: readonly StatusRule[],
  compiled: CompiledRules,
  replies: readonly (RawFields | null)[],
): ProfileFault[] {
  const named = new Map<string, ProfileFault>();
  const closing = (raw: RawFields | null): number | null => {
    if (!raw) return null;
    const at = compiled.ruleAt(raw);
    return at >= 0 && isClosingMeaning(rules[at]?.means ?? 'unknown') ? at + 1 : null;
  };
  for (const probe of SILENCE.fields) {
    const rule = closing(probe.fields);
    if (rule !== null && !named.has(`f${rule}`)) named.set(`f${rule}`, { fault: 'guesses_failure', call, rule, probe: probe.name });
  }
  SILENCE.replies.forEach((reply, i) => {
    const rule = closing(replies[i] ?? null);
    if (rule !== null && !named.has(`r${rule}`)) named.set(`r${rule}`, { fault: 'closes_silence', call, rule, reply: reply.name });
  });
  return [...named.values()];
}

/**
 * How a sample reads: what the core would take it for. A reply that is no reply at all is unknown.
 * A sample naming its operator or kind is read with the variant a recharge of those would use.
 */
export type SampleReader = (call: CallName, body: string, facts: VariantFacts) => RuleMeaning;

/** Every sample read as the profile reads it; the import screen shows these before accepting. */
export function sampleFaults(profile: Profile, read: SampleReader): ProfileFault[] {
  return profile.samples.flatMap((s, i) => {
    const got = read(s.call, s.body, {
      ...(s.operator === undefined ? {} : { operator: s.operator }),
      ...(s.kind === undefined ? {} : { kind: s.kind }),
    });
    return got === s.reads
      ? []
      : [{ fault: 'sample_misread' as const, call: s.call, sample: i + 1, note: s.note, expected: s.reads, read: got }];
  });
}
