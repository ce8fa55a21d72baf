import type { CallName, Profile, ReplyField, RuleMeaning, StatusRule } from './profile-schema';
import { compileRules } from './status-rules';
import type { RawFields } from './reply-reader';
import { refIdForm } from '../ref-id-shape';

/** Why a profile that parses is still refused: each names the call and the fault. */
export type ProfileFault =
  | { fault: 'field_unmapped'; call: CallName; field: ReplyField }
  | { fault: 'guesses_failure'; call: CallName | 'callback'; rule: number }
  | { fault: 'bad_pattern'; call: CallName | 'callback'; rule: number }
  | { fault: 'reference_unsupported'; maxLength: number; digitsOnly: boolean }
  | { fault: 'sample_misread'; call: CallName; sample: number; note: string; expected: RuleMeaning; read: RuleMeaning };

/** What each call must be able to read for the core to act on its answer. */
const REQUIRED: Record<CallName, readonly ReplyField[]> = {
  recharge: ['status'],
  status: ['status'],
  balance: ['buyerBalance'],
  complaint: ['complainId'],
};

/**
 * Replies that say nothing: an empty record, a word no provider documents, an error page's text.
 * A rule that calls any of them a failure (or "not processed") would close a recharge the provider
 * may have carried out, and let it be sent again: the one thing a profile may never do.
 */
const SAYS_NOTHING: readonly RawFields[] = [
  {},
  { status: '' },
  { status: 'xyzzy' },
  { status: 'UNKNOWN' },
  { status: 'timeout' },
  { status: '500', message: 'Internal Server Error' },
  { message: 'Service Unavailable' },
  { status: 'null', message: '<html><body>Bad Gateway</body></html>' },
];
const CLOSING = new Set<StatusRule['means']>(['Failure', 'Refunded', 'not_processed']);

export function checkProfile(profile: Profile): ProfileFault[] {
  const faults: ProfileFault[] = [];
  const { maxLength, digitsOnly } = profile.reference;
  // Our ref_id generator makes every form from REF_ID_FLOOR characters up, digits only or not.
  if (refIdForm(profile.reference) === null) faults.push({ fault: 'reference_unsupported', maxLength, digitsOnly });
  for (const call of Object.keys(REQUIRED) as CallName[]) {
    const spec = profile.calls[call];
    for (const field of REQUIRED[call]) if (spec.reply.fields[field] === undefined) faults.push({ fault: 'field_unmapped', call, field });
    faults.push(...ruleFaults(call, spec.rules));
  }
  // A callback's rules are held to the same law, though a callback only ever asks for a check.
  if (profile.callback) faults.push(...ruleFaults('callback', profile.callback.rules));
  return faults;
}

function ruleFaults(call: CallName | 'callback', rules: readonly StatusRule[]): ProfileFault[] {
  const faults: ProfileFault[] = [];
  rules.forEach((rule, i) => {
    let compiled;
    try {
      compiled = compileRules([rule]);
    } catch {
      faults.push({ fault: 'bad_pattern', call, rule: i + 1 });
      return;
    }
    if (CLOSING.has(rule.means) && SAYS_NOTHING.some((probe) => compiled.meaning(probe) !== null))
      faults.push({ fault: 'guesses_failure', call, rule: i + 1 });
  });
  return faults;
}

/** How a sample reads: what the core would take it for. A reply that is no reply at all is unknown. */
export type SampleReader = (call: CallName, body: string) => RuleMeaning;

/** Every sample read as the profile reads it; the import screen shows these before accepting. */
export function sampleFaults(profile: Profile, read: SampleReader): ProfileFault[] {
  return profile.samples.flatMap((s, i) => {
    const got = read(s.call, s.body);
    return got === s.reads
      ? []
      : [{ fault: 'sample_misread' as const, call: s.call, sample: i + 1, note: s.note, expected: s.reads, read: got }];
  });
}
