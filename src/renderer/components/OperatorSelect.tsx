import { OPERATORS } from '../../shared/operators';

/** A choice among the operator table's operators, with a first choice for none ('' as its value) when one is named. */
export function OperatorSelect({
  id,
  label,
  none,
  value,
  onChange,
}: {
  id?: string;
  label: string;
  /** What the empty choice says: "All operators", "Remembered: Jio"; absent, an operator must be chosen. */
  none?: string;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <label className="filter" htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {OPERATORS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
