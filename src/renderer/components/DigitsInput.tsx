import { forwardRef, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';

interface Props {
  id: string;
  className: string;
  value: string;
  onText: (text: string) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
  onPaste?: (e: ClipboardEvent<HTMLInputElement>) => void;
  onFocus?: (e: FocusEvent<HTMLInputElement>) => void;
}

/** A numeric keypad field described by its Field's hint; the caller decides what text it keeps. */
export const DigitsInput = forwardRef<HTMLInputElement, Props>(function DigitsInput(
  { id, className, value, onText, onKeyDown, onPaste, onFocus },
  ref,
) {
  return (
    <input
      id={id}
      ref={ref}
      className={className}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onText(e.target.value)}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onFocus={onFocus}
      aria-describedby={`${id}-hint`}
    />
  );
});
