import { useFormat } from '../hooks/use-format';

/** An amount in Indian grouping, always from integer paise. */
export function Money({ value, className }: { value: number | null | undefined; className?: string }) {
  const f = useFormat();
  return <span className={className}>{value === null || value === undefined ? '—' : f.money(value)}</span>;
}
