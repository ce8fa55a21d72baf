import { OPERATORS } from '../../shared/operators';

/** A choice among the operator table's operators, with a first choice for none ('' as its value). */
export function OperatorSelect({
  label,
  none,
  value,
  onChange,
}: {
  label: string;
  /** What the empty choice says: "All operators", "Remembered: Jio". */
  none: string;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <label className="filter">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {OPERATORS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
