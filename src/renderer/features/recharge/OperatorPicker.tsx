import { forwardRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorInfo } from '../../../shared/operators';

interface Props {
  operators: OperatorInfo[];
  value: string | null;
  lastUsed: string | null;
  onPick: (code: string) => void;
  /** Takes a digit (or the Enter after them) that cannot be placed yet (true: held, do nothing now). */
  holdDigit?: (key: string) => boolean;
}

/**
 * Operators as large buttons, each with its number key. With the group focused, pressing that
 * key picks the operator and moves on: one keystroke.
 */
export const OperatorPicker = forwardRef<HTMLDivElement, Props>(function OperatorPicker(
  { operators, value, lastUsed, onPick, holdDigit },
  ref,
) {
  const { t } = useTranslation();
  const onKeyDown = (e: KeyboardEvent) => {
    if ((/^\d$/.test(e.key) || e.key === 'Enter') && holdDigit?.(e.key)) {
      e.preventDefault();
      return;
    }
    const index = Number(e.key) - 1;
    if (Number.isInteger(index) && index >= 0 && index < operators.length) {
      e.preventDefault();
      onPick(operators[index]!.code);
    }
  };
  return (
    <div ref={ref} className="operator-picker" role="radiogroup" aria-label={t('recharge.operator')} tabIndex={-1} onKeyDown={onKeyDown}>
      {operators.map((o, i) => (
        <button
          key={o.code}
          type="button"
          role="radio"
          aria-checked={value === o.code}
          className="operator-button"
          onClick={() => onPick(o.code)}
        >
          <kbd aria-hidden="true">{i + 1}</kbd>
          <span className="operator-name">{o.name}</span>
          {lastUsed === o.code && <span className="operator-last">{t('recharge.lastUsed')}</span>}
        </button>
      ))}
    </div>
  );
});
