import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useChangePassword } from '../../features/account/api/use-account-mutations';
import { useRequestErrorText } from '../../lib/requestError';
import { useMessages } from '../../i18n/messages';
import { FormError, useFormError } from '../../ui/FormError';
import { PasswordField } from '../../ui/PasswordField';
import { SubmitButton } from '../../ui/SubmitButton';
import forms from '../../ui/forms.module.css';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** Current, new (6+ chars) and confirm; used by /change-password and /account-settings. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { toast } = useHost();
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const requestErrorText = useRequestErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const changing = useChangePassword();
  const busy = changing.isPending;
  const { error, fail, clearError } = useFormError();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearError();
    if (next.length < LIMITS.passwordMinLength) return fail(message('newPasswordTooShort'));
    if (next !== confirm) return fail(message('newPasswordsDoNotMatch'));
    if (next === current) return fail(message('newPasswordSameAsCurrent'));
    changing.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          toast.success(message('passwordChanged'));
          setCurrent('');
          setNext('');
          setConfirm('');
          onChanged();
        },
        onError: (failure) => {
          console.error('change password failed', failure);
          fail(requestErrorText(failure, 'changePasswordFailed'));
        },
      },
    );
  };

  return (
    <form className={forms.form} onSubmit={submit} data-testid="change-password-form">
      <PasswordField id={`${ids}current`} label={t('password.current')} value={current} onChange={setCurrent} autoComplete="current-password" />
      <PasswordField
        id={`${ids}new`}
        label={t('password.new')}
        hint={t('password.newHint')}
        value={next}
        onChange={setNext}
        autoComplete="new-password"
      />
      <PasswordField id={`${ids}confirm`} label={t('password.confirmNew')} value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <FormError error={error} />
      <SubmitButton busy={busy} busyLabel={t('password.changing')}>
        {t('password.change')}
      </SubmitButton>
    </form>
  );
}
