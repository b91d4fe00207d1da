import { useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@zaytoon/contract/client';
import { useHost } from '../../host';
import { useChangePassword } from '../../features/account/api/use-account-mutations';
import { requestErrorMessage } from '../../lib/requestError';
import { TextField } from '../../ui/Field';
import { InlineSpinner } from '../../ui/Spinner';

/** Current, new (6+ chars) and confirm; used by /change-password and /account-settings. */
export function ChangePasswordForm({ onChanged, idPrefix = 'zd-cp' }: { onChanged: () => void; idPrefix?: string }) {
  const { toast } = useHost();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const changing = useChangePassword();
  const busy = changing.isPending;
  const [error, setError] = useState('');

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (next.length < LIMITS.passwordMinLength) return fail(MESSAGES.newPasswordTooShort);
    if (next !== confirm) return fail(MESSAGES.newPasswordsDoNotMatch);
    if (next === current) return fail(MESSAGES.newPasswordSameAsCurrent);
    changing.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          toast.success(MESSAGES.passwordChanged);
          setCurrent('');
          setNext('');
          setConfirm('');
          onChanged();
        },
        onError: (failure) => {
          console.error('change password failed', failure);
          fail(requestErrorMessage(failure, MESSAGES.changePasswordFailed));
        },
      },
    );
  };

  return (
    <form className="zd-form" onSubmit={submit} data-testid="change-password-form">
      <TextField
        id={`${idPrefix}-current`}
        label="Current Password"
        type="password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        autoComplete="current-password"
        required
      />
      <TextField
        id={`${idPrefix}-new`}
        label="New Password"
        hint="Must be at least 6 characters"
        type="password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        autoComplete="new-password"
        required
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label="Confirm New Password"
        type="password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        autoComplete="new-password"
        required
      />
      {error && (
        <p className="zd-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="zd-btn zd-btn--primary" disabled={busy}>
        {busy && <InlineSpinner />}
        {busy ? 'Changing Password...' : 'Change Password'}
      </button>
    </form>
  );
}
