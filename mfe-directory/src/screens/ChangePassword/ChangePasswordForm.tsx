import { useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@zaytoon/client';
import { useHost } from '../../host';
import { requestErrorMessage } from '../../lib/requestError';
import { InlineSpinner } from '../../ui/Spinner';

/** Current, new (6+ chars) and confirm; used by /change-password and /account-settings. */
export function ChangePasswordForm({ onChanged, idPrefix = 'zd-cp' }: { onChanged: () => void; idPrefix?: string }) {
  const { api, toast } = useHost();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (next.length < LIMITS.passwordMinLength) return fail(MESSAGES.newPasswordTooShort);
    if (next !== confirm) return fail(MESSAGES.newPasswordsDoNotMatch);
    if (next === current) return fail(MESSAGES.newPasswordSameAsCurrent);
    setBusy(true);
    try {
      await api.changePassword({ current_password: current, new_password: next });
      toast.success(MESSAGES.passwordChanged);
      setCurrent('');
      setNext('');
      setConfirm('');
      onChanged();
    } catch (failure) {
      console.error('change password failed', failure);
      fail(requestErrorMessage(failure, MESSAGES.changePasswordFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="zd-form" onSubmit={submit} data-testid="change-password-form">
      <div className="zd-field">
        <label htmlFor={`${idPrefix}-current`}>Current Password</label>
        <input
          id={`${idPrefix}-current`}
          type="password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          autoComplete="current-password"
          required
        />
      </div>
      <div className="zd-field">
        <label htmlFor={`${idPrefix}-new`}>New Password</label>
        <input
          id={`${idPrefix}-new`}
          type="password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          autoComplete="new-password"
          aria-describedby={`${idPrefix}-new-hint`}
          required
        />
        <p className="zd-hint" id={`${idPrefix}-new-hint`}>
          Must be at least 6 characters
        </p>
      </div>
      <div className="zd-field">
        <label htmlFor={`${idPrefix}-confirm`}>Confirm New Password</label>
        <input
          id={`${idPrefix}-confirm`}
          type="password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          autoComplete="new-password"
          required
        />
      </div>
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
