import type { ReactNode } from 'react';

/** A form field: its own label (so the control's name is just that), the control, and a hint. */
export function Field({ id, label, hint, children }: { id: string; label: string; hint: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <span id={`${id}-hint`} className="field-hint">
        {hint}
      </span>
    </div>
  );
}
