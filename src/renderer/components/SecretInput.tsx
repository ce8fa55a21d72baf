import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A token or password: hidden as typed, and never offered to (or by) the browser's autofill. */
export function SecretInput({ onChange, ...rest }: Props) {
  return <input {...rest} type="password" autoComplete="off" onChange={(e) => onChange(e.target.value)} />;
}
