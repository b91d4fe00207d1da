import type { ReactNode } from 'react';
import { TextField } from './Field';

/** A required password input; `onChange` gets the typed text. */
export function PasswordField({
  id,
  label,
  hint,
  value,
  onChange,
  autoComplete,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
      required
    />
  );
}
