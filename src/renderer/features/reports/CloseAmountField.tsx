import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountToPaise } from '../../../shared/money';

/** The most a close takes for one figure (₹1 crore), as main's close request does. */
const MOST = 100_000_000_00;

/** Paise typed into a close field, null while empty, or the reason it cannot be taken. */
export type TypedAmount = { paise: number | null; problem: 'amountInvalid' | 'amountTooLarge' | null };

/**
 * Reads what was typed as rupees: whole or with at most two decimals, never below nothing. An
 * amount that would need rounding is refused, not rounded: a count is what was counted.
 */
export function readAmount(typed: string): TypedAmount {
  const text = typed.trim();
  if (text === '') return { paise: null, problem: null };
  const paise = parseAmountToPaise(text);
  if (paise === null || paise < 0) return { paise: null, problem: 'amountInvalid' };
  if (paise > MOST) return { paise: null, problem: 'amountTooLarge' };
  return { paise, problem: null };
}

/** One figure of the close, with what is wrong with it said under it as it is typed. */
export function CloseAmountField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { problem } = readAmount(value);
  return (
    <label className="filter">
      <span>{label} (₹)</span>
      <input
        inputMode="decimal"
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem ? id : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem && (
        <span id={id} className="field-error" role="alert">
          {t(`closeDay.${problem}`)}
        </span>
      )}
    </label>
  );
}
