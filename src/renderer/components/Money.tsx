import { formatInr, paise } from '../../shared/money';

/** An amount in Indian grouping, always from integer paise. */
export function Money({ value, className }: { value: number | null | undefined; className?: string }) {
  return <span className={className}>{value === null || value === undefined ? '—' : formatInr(paise(value))}</span>;
}
