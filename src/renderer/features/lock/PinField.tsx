import type { Ref } from 'react';
import { PIN_LIMITS } from './pin-input';

/** A PIN box: hidden as typed, digits keypad on touch screens, never remembered by the browser. */
export function PinField({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
  inputRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <label className="filter" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        ref={inputRef}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        // Room for a stray letter, so it is shown as refused instead of silently cut.
        maxLength={PIN_LIMITS.max + 4}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
