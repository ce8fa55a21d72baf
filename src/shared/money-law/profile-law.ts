/**
 * What a provider profile may say about money (issue 35 item 8). A rule that closes a recharge
 * (Success, Failure, Refunded, not_processed) decides where the customer's money went, so it must
 * rest on the provider's own verdict, written out: an exact word or number in the reply's status,
 * result or error-code field. A reply that merely lacks a field, or whose message happens to match
 * a pattern, can leave a recharge open (Pending, unknown) and nothing more; and a word that means
 * "not decided yet" can never close one, whatever the profile says.
 */

export const CLOSING_MEANINGS = ['Success', 'Failure', 'Refunded', 'not_processed'] as const;
export type ClosingMeaning = (typeof CLOSING_MEANINGS)[number];

export const isClosingMeaning = (meaning: string): meaning is ClosingMeaning => (CLOSING_MEANINGS as readonly string[]).includes(meaning);

/** The fields in which a provider gives its verdict on a call; the others only describe it. */
export const VERDICT_FIELDS = ['status', 'result', 'errorCode'] as const;

/** The tests that name an exact word or number (or whole numbers in a range); `regex`, `present` and `absent` do not. */
const EXACT_TESTS = new Set(['equals', 'oneOf', 'number', 'between']);

/**
 * Words that say "not decided yet", as the built-in profiles read them (Pending, Accepted) and as
 * providers and gateways spell them, folded to letters only: `In-Progress`, `IN_PROGRESS` and
 * `inprogress` are one word here.
 */
const OPEN_WORDS: ReadonlySet<string> = new Set([
  'pending',
  'pend',
  'processing',
  'process',
  'inprocess',
  'underprocess',
  'underprocessing',
  'inprogress',
  'progress',
  'accepted',
  'accept',
  'requestaccepted',
  'submitted',
  'initiated',
  'queued',
  'inqueue',
  'onhold',
  'hold',
  'waiting',
  'awaiting',
  'timeout',
  'timedout',
  'requesttimeout',
  'gatewaytimeout',
  'operatortimeout',
  'unknown',
  'willbeupdated',
  'statuswillbeupdated',
]);

/** Spellings of the open words as they appear in replies: what a pattern is tried against. */
export const OPEN_WORD_SPELLINGS: readonly string[] = [
  'pending',
  'PENDING',
  'Pending',
  'processing',
  'PROCESSING',
  'in process',
  'under process',
  'Under Processing',
  'in progress',
  'IN_PROGRESS',
  'In-Progress',
  'inprogress',
  'accepted',
  'ACCEPTED',
  'Request Accepted',
  'submitted',
  'initiated',
  'queued',
  'on hold',
  'waiting',
  'timeout',
  'TIMEOUT',
  'time out',
  'timed out',
  'Request Timeout',
  'Gateway Timeout',
  'unknown',
  'status will be updated',
];

const fold = (word: string): string => word.toLowerCase().replace(/[^a-z]/g, '');

/** The word as written, when it says "not decided yet"; null otherwise. */
export function openWord(word: string | number): string | null {
  return typeof word === 'string' && OPEN_WORDS.has(fold(word)) ? word : null;
}

/** One test of a rule, as the law sees it (the schema's shape, without its own types). */
export interface LawTest {
  readonly field: string;
  readonly is: string;
  readonly value?: string | number;
  readonly values?: readonly string[];
}

export type RuleLawFault =
  { law: 'closes_without_word' } | { law: 'closes_open_word'; word: string } | { law: 'closes_by_message_pattern' };

/**
 * The provider's message, where a status only says "see the message" (`3`, `see message`): a
 * closing rule may read it only by exact words (`equals`, `oneOf`). A pattern or a mere `present`
 * would close a recharge on any text that happens to fit, a gateway's or a "will be updated" too.
 */
const MESSAGE_FIELD = 'message';
const MESSAGE_GUESSES = new Set(['regex', 'present']);

/**
 * Where a rule breaks the law, for a closing rule: no exact test of a verdict field that names a
 * real word (an empty word is an absent field), the message read otherwise than by exact words,
 * or an open word among the words it closes on (the message's included). A
 * pattern that accepts an open word is found by the caller, which can run it (`acceptsOpenWord`).
 */
export function ruleLawFaults(means: string, tests: readonly LawTest[], acceptsOpenWord: (t: LawTest) => string | null): RuleLawFault[] {
  if (!isClosingMeaning(means)) return [];
  const faults: RuleLawFault[] = [];
  const verdict = tests.filter((t) => (VERDICT_FIELDS as readonly string[]).includes(t.field));
  const words = (t: LawTest): (string | number)[] => (t.values ?? (t.value === undefined ? [] : [t.value])).slice();
  const positive = verdict.some((t) => EXACT_TESTS.has(t.is) && words(t).every((w) => String(w).trim() !== ''));
  if (!positive) faults.push({ law: 'closes_without_word' });
  if (tests.some((t) => t.field === MESSAGE_FIELD && MESSAGE_GUESSES.has(t.is))) faults.push({ law: 'closes_by_message_pattern' });
  // The message's exact words are held to the open words like a status word: "Pending" never closes.
  for (const t of [...verdict, ...tests.filter((t) => t.field === MESSAGE_FIELD && EXACT_TESTS.has(t.is))]) {
    const open =
      t.is === 'regex'
        ? acceptsOpenWord(t)
        : (words(t)
            .map(openWord)
            .find((w) => w !== null) ?? null);
    if (open !== null) faults.push({ law: 'closes_open_word', word: open });
  }
  return faults;
}
