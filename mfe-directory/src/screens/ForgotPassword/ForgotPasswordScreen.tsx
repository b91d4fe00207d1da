import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LIMITS } from '@zaytoon/contract/client';
import { useResetPassword, useSendResetCode } from '../../features/account/api/use-account-mutations';
import { useRequestErrorText } from '../../lib/requestError';
import { useMessages } from '../../i18n/messages';
import { TextField } from '../../ui/Field';
import { FormError, useFormError } from '../../ui/FormError';
import { PasswordField } from '../../ui/PasswordField';
import { SubmitButton } from '../../ui/SubmitButton';
import auth from '../Auth/AuthScreen.module.css';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** Steps of SPEC §2; step 3 exists as a heading but the flow goes 1 -> 2 -> 4. */
type Step = 1 | 2 | 3 | 4;

/** /forgot-password (SPEC §2). */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const requestErrorText = useRequestErrorText();
  const [step, setStep] = useState<Step>(1);
  const [login, setLogin] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const sending = useSendResetCode();
  const resetting = useResetPassword();
  const busy = sending.isPending || resetting.isPending;
  const { error, fail, clearError } = useFormError();

  useEffect(() => {
    if (step !== 4) return;
    const timer = setTimeout(() => navigate('/login'), LIMITS.redirectAfterResetMs);
    return () => clearTimeout(timer);
  }, [step, navigate]);

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    clearError();
    sending.mutate(login.trim(), {
      onSuccess: () => setStep(2),
      onError: (failure) => {
        console.error('forgot password failed', failure);
        fail(requestErrorText(failure, 'sendCodeFailed'));
      },
    });
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    clearError();
    if (code.trim().length !== LIMITS.resetCodeLength) return fail(message('resetCodeLength'));
    if (password.length < LIMITS.passwordMinLength) return fail(message('passwordTooShort'));
    if (password !== confirm) return fail(message('passwordsDoNotMatch'));
    resetting.mutate(
      { email_or_username: login.trim(), verification_code: code.trim(), new_password: password },
      {
        onSuccess: () => setStep(4),
        onError: (failure) => {
          console.error('reset password failed', failure);
          fail(requestErrorText(failure, 'resetPasswordFailed'));
        },
      },
    );
  };

  return (
    <main className={auth.auth} data-testid="forgot-password" data-step={step}>
      <div className={`${shared.card} ${auth.card}`}>
        <h1 className={auth.title}>{t(`reset.title${step}`)}</h1>

        {step === 1 && (
          <form className={forms.form} onSubmit={sendCode}>
            <p className={auth.subtitle}>{t('reset.lead')}</p>
            <TextField
              id={`${ids}login`}
              label={t('auth.login')}
              value={login}
              onChange={(event) => setLogin(event.target.value)}
              autoComplete="username"
              required
            />
            <SubmitButton busy={busy} busyLabel={t('reset.sending')} className="btn btn--primary btn--block">
              {t('reset.send')}
            </SubmitButton>
          </form>
        )}

        {step === 2 && (
          <form className={forms.form} onSubmit={reset}>
            <p className={auth.subtitle}>{t('reset.sent', { login: login.trim() })}</p>
            <TextField
              id={`${ids}code`}
              label={t('reset.code')}
              hint={t('reset.codeHint')}
              dir="ltr"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              maxLength={LIMITS.resetCodeLength}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              required
            />
            <PasswordField id={`${ids}password`} label={t('password.new')} value={password} onChange={setPassword} autoComplete="new-password" />
            <PasswordField id={`${ids}confirm`} label={t('reset.confirm')} value={confirm} onChange={setConfirm} autoComplete="new-password" />
            <div className={forms.actions}>
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => {
                  setStep(1);
                  clearError();
                }}
              >
                {t('common.back')}
              </button>
              <SubmitButton busy={busy} busyLabel={t('reset.resetting')}>
                {t('reset.submit')}
              </SubmitButton>
            </div>
          </form>
        )}

        {step === 4 && (
          <div className={forms.success} role="status">
            <p>{t('reset.done')}</p>
            <p className={shared.hint}>{t('reset.redirecting')}</p>
          </div>
        )}

        <FormError error={error} testId="form-error" />

        {step !== 4 && (
          <p className={auth.back}>
            <Link to="/login">{t('reset.backToLogin')}</Link>
          </p>
        )}
      </div>
    </main>
  );
}
