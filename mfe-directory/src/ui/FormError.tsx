import { useState } from 'react';
import { useHost } from '@zaytoon/web-kit';

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
    <p className="zd-error" role="alert" data-testid={testId}>
      {error}
    </p>
  );
}
