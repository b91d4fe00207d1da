import { useState } from 'react';
import { useHost } from '@zaytoon/web-kit';
import shared from './page.module.css';

/** A form's error: `fail` shows it under the form and as a toast; `clearError` hides it. */
export function useFormError() {
  const { toast } = useHost();
  const [error, setError] = useState('');
  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };
  return { error, fail, clearError: () => setError('') };
}

export function FormError({ error, testId }: { error: string; testId?: string }) {
  if (!error) return null;
  return (
    <p className={shared.error} role="alert" data-testid={testId}>
      {error}
    </p>
  );
}
