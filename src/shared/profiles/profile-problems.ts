import type * as z from 'zod';
import type { OutcomeOf, OutcomeParams } from '../outcomes/outcome-registry';
import { checkProfile, type ProfileFault } from './profile-check';
import { createEngine, ProfileRefused } from './profile-engine';
import { MAX_PROFILE_CHARS, profileSchema, type CallName, type Profile, type RuleMeaning } from './profile-schema';
import { mapJson, placeOf, type JsonPath } from './json-position';

type FaultParams = NonNullable<OutcomeParams<'profile_problem'>['fault']>;
type Problem = OutcomeOf<'profile_problem'>;
type ProblemParams = Problem['params'];

/** A law fault as its words take it: the call, the rule or sample, and the one datum it names. */
export function faultParams(f: ProfileFault): FaultParams {
  switch (f.fault) {
    case 'field_unmapped':
      return { fault: f.fault, call: f.call, field: f.field };
    case 'too_many_patterns':
      return { fault: f.fault };
    case 'guesses_failure':
      return { fault: f.fault, call: f.call, at: f.rule, field: f.probe };
    case 'closes_silence':
      return { fault: f.fault, call: f.call, at: f.rule, field: f.reply };
    case 'closes_open_word':
      return { fault: f.fault, call: f.call, at: f.rule, field: f.word };
    case 'bad_capture':
    case 'capture_too_slow':
      return { fault: f.fault, call: f.call, field: f.field };
    case 'closes_without_word':
    case 'closes_by_message_pattern':
    case 'pattern_too_slow':
    case 'bad_pattern':
      return { fault: f.fault, call: f.call, at: f.rule };
    case 'sample_misread':
      return { fault: f.fault, call: f.call, at: f.sample };
    case 'reference_unsupported':
      return { fault: f.fault };
  }
}

/** Where in the file a law fault is: the rule, the sample or the part it names. */
function faultPath(f: ProfileFault): JsonPath {
  switch (f.fault) {
    case 'field_unmapped':
      return ['calls', f.call, 'reply', 'fields'];
    case 'too_many_patterns':
      return ['calls'];
    case 'reference_unsupported':
      return ['reference'];
    case 'sample_misread':
      return ['samples', f.sample - 1];
    case 'bad_capture':
    case 'capture_too_slow':
      return ['calls', f.call, 'reply'];
    default:
      return f.call === 'callback' ? ['callback', 'rules', f.rule - 1] : ['calls', f.call, 'rules', f.rule - 1];
  }
}

/** The format's own rules, known by the words the schema gives them: one table, read nowhere else. */
const RULE_OF: readonly [RegExp, NonNullable<ProblemParams['rule']>][] = [
  [/above max/, 'min_above_max'],
  [/climb/, 'path_climbs'],
  [/^at most \d+/, 'too_many_entries'],
  [/GET request has no body/, 'get_with_body'],
  [/callback must say/, 'callback_ref'],
  [/named twice/, 'named_twice'],
  [/without a complaint call/, 'complaints_by'],
  [/is not known in the/, 'placeholder_unknown'],
  [/not among the profile's hosts/, 'host_unknown'],
  [/name of a fact/, 'fact_name'],
  [/one to four hosts/, 'hosts_count'],
  [/a variant says which/, 'variant_when'],
  [/HMAC needs a key/, 'hmac_key'],
  [/sets this header itself/, 'header_reserved'],
];

const JSON_TYPE: Readonly<Record<string, NonNullable<ProblemParams['expected']>>> = {
  string: 'string',
  number: 'number',
  int: 'number',
  boolean: 'boolean',
  object: 'object',
  record: 'object',
  array: 'array',
};
const jsonType = (expected: string) => JSON_TYPE[expected] ?? 'other';

const valueAt = (root: unknown, path: JsonPath): unknown =>
  path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    root,
  );

/** A zod issue in the format's words: what kind of problem, and the path whose line it is on. */
function issueProblem(issue: z.core.$ZodIssue, root: unknown): { path: JsonPath; params: ProblemParams }[] {
  const path = issue.path;
  switch (issue.code) {
    case 'invalid_type':
      return [
        {
          path,
          params: valueAt(root, path) === undefined ? { kind: 'missing' } : { kind: 'wrong_type', expected: jsonType(issue.expected) },
        },
      ];
    case 'unrecognized_keys':
      return issue.keys.slice(0, 10).map((key) => ({ path: [...path, key], params: { kind: 'unknown_key' } }));
    case 'invalid_value':
      return [
        {
          path,
          params:
            path.length === 1 && (path[0] === 'format' || path[0] === 'formatVersion') ? { kind: 'not_a_profile' } : { kind: 'bad_value' },
        },
      ];
    case 'invalid_union':
      // Neither version's discriminator matched: the file is not a profile at all.
      return [{ path, params: path.length === 0 ? { kind: 'not_a_profile' } : { kind: 'bad_value' } }];
    case 'too_small': {
      const limit = Number(issue.minimum);
      const kind = issue.origin === 'string' ? 'too_short' : issue.origin === 'array' ? 'too_few' : 'too_small';
      return [{ path, params: { kind, limit } }];
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      const kind = issue.origin === 'string' ? 'too_long' : issue.origin === 'array' ? 'too_many' : 'too_big';
      return [{ path, params: { kind, limit } }];
    }
    case 'invalid_format':
      return [{ path, params: { kind: 'bad_form' } }];
    case 'invalid_key':
      return [{ path, params: { kind: 'bad_form' } }];
    case 'invalid_element':
      return issue.issues.flatMap((inner) => issueProblem({ ...inner, path: [...path, ...inner.path] }, root));
    case 'custom':
      return [{ path, params: { kind: 'rule', rule: RULE_OF.find(([re]) => re.test(issue.message))?.[1] ?? 'other' } }];
    default:
      return [{ path, params: { kind: 'bad_value' } }];
  }
}

/** One problem, on its line: the words are the outcome's; `path` names the key (the profile's own data). */
export interface BenchProblem {
  readonly line: number;
  readonly column: number;
  readonly path: string;
  readonly problem: Problem;
}

/** A sample as the app reads it. */
export interface BenchSample {
  readonly call: CallName;
  readonly note: string;
  readonly expected: RuleMeaning;
  readonly read: RuleMeaning;
}

/** What a pasted text is, as far as it could be read; each later part is null when an earlier one failed. */
export interface BenchReading {
  readonly problems: readonly BenchProblem[];
  /** The parsed profile, law broken or not. */
  readonly profile: Profile | null;
  readonly lawPassed: boolean;
  readonly samples: readonly BenchSample[] | null;
}

const MAX_PROBLEMS = 40;

/**
 * Reads a pasted profile as the import would, never throwing for what the text holds: each problem
 * in the format's words with the line it is on, then the money law's faults, then every sample.
 */
export function readOnBench(text: string): BenchReading {
  const nothing = (problems: BenchProblem[]): BenchReading => ({ problems, profile: null, lawPassed: false, samples: null });
  const at = (offset: number, path: JsonPath, params: ProblemParams): BenchProblem => ({
    ...placeOf(text, offset),
    path: path.map(String).join('.').slice(0, 200),
    problem: { code: 'profile_problem', params },
  });
  if (text.length > MAX_PROFILE_CHARS) return nothing([at(0, [], { kind: 'too_large', limit: MAX_PROFILE_CHARS })]);
  const map = mapJson(text);
  if (map.syntax) return nothing([at(map.syntax.offset, [], { kind: map.syntax.fault })]);
  const keyProblems = map.keys.map((k) => at(k.offset, [k.key], { kind: k.fault }));
  // A key that reaches a prototype is never handed to a parser that builds objects.
  if (keyProblems.some((p) => p.problem.params.kind === 'forbidden_key')) return nothing(keyProblems);
  const json: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  const parsed = profileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .flatMap((issue) => issueProblem(issue, json))
      .slice(0, MAX_PROBLEMS)
      .map((p) => at(map.offsetOf(p.path), p.path, p.params));
    return nothing([...keyProblems, ...problems].sort((a, b) => a.line - b.line || a.column - b.column));
  }
  const profile = parsed.data;
  const law = checkProfile(profile);
  const lawProblems = law.slice(0, MAX_PROBLEMS).map((f) => {
    const path = faultPath(f);
    return at(map.offsetOf(path), path, { kind: 'law', fault: faultParams(f) });
  });
  const samples = readSamples(json, profile);
  const misread = samples.flatMap((s, i) => (s.read === s.expected ? [] : [i]));
  const sampleProblems = misread.map((i) =>
    at(map.offsetOf(['samples', i]), ['samples', i], {
      kind: 'law',
      fault: { fault: 'sample_misread', call: samples[i]?.call ?? 'recharge', at: i + 1 },
    }),
  );
  return {
    problems: [...keyProblems, ...lawProblems, ...sampleProblems].sort((a, b) => a.line - b.line || a.column - b.column),
    profile,
    lawPassed: law.length === 0,
    samples,
  };
}

/** Every sample read by the engine the app would make (the law's check aside: it is reported on its own). */
function readSamples(json: unknown, profile: Profile): BenchSample[] {
  const asWritten = profile.samples.map((s) => ({ call: s.call, note: s.note, expected: s.reads, read: s.reads }));
  try {
    createEngine(json, 'known');
    return asWritten;
  } catch (e) {
    if (!(e instanceof ProfileRefused)) throw e;
    const read = new Map(e.faults.flatMap((f) => (f.fault === 'sample_misread' ? [[f.sample - 1, f.read] as const] : [])));
    return asWritten.map((s, i) => ({ ...s, read: read.get(i) ?? s.read }));
  }
}
