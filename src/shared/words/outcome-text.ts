import type { Outcome, OutcomeCode, OutcomeParams } from '../outcomes/outcome-registry';
import type { Language } from '../language';
import { OUTCOME_WORDS_EN } from './outcome-words-en';
import { OUTCOME_WORDS_HI } from './outcome-words-hi';
import { fmtFor, type OutcomeWords } from './word-kit';

const CATALOGUE: Record<Language, OutcomeWords> = { en: OUTCOME_WORDS_EN, hi: OUTCOME_WORDS_HI };

/**
 * The words for an outcome in the shopkeeper's language: the one way the screen, the OS
 * notifications, the start-up dialogs and the shop's log turn a code and its values into text.
 */
export function outcomeText(lang: Language, o: Outcome): string {
  const words = CATALOGUE[lang][o.code] as (p: OutcomeParams<OutcomeCode>, f: ReturnType<typeof fmtFor>) => string;
  return words(o.params as OutcomeParams<OutcomeCode>, fmtFor(lang));
}
