import { useEffect, useId, useState, type ComponentProps, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LIMITS, isApiError, returnTargetOf, type PlainMessageCode } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useMessages, type DirectoryMessage } from '../../i18n/messages';
import { TextField } from '../../ui/Field';
import { InlineSpinner } from '../../ui/Spinner';
import auth from './AuthScreen.module.css';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';

type Mode = 'signin' | 'signup';

/** The API asks for the second factor after a right password. */
const asksForSecondFactor = (error: unknown) => isApiError(error) && error.status === 401 && error.code === 'totpRequired';

const EMPTY = { login: '', password: '', name: '', username: '', email: '' };

interface AuthInput {
  /** The field it edits, and the input's name. */
  name: keyof typeof EMPTY;
  label: DirectoryMessage;
  type?: 'email' | 'password';
  autoComplete: string;
  hint?: PlainMessageCode;
  minLength?: number;
  maxLength: number;
}

/** The inputs of each mode, in order, with the contract's limits. */
const FIELDS: Record<Mode, AuthInput[]> = {
  signin: [
    { name: 'login', label: 'auth.login', autoComplete: 'username', maxLength: LIMITS.emailMaxLength },
    { name: 'password', label: 'auth.password', type: 'password', autoComplete: 'current-password', maxLength: LIMITS.passwordMaxLength },
  ],
  signup: [
    { name: 'name', label: 'auth.fullName', autoComplete: 'name', maxLength: LIMITS.nameMaxLength },
    { name: 'username', label: 'auth.username', autoComplete: 'username', hint: 'usernameCharacters', maxLength: LIMITS.usernameMaxLength },
    { name: 'email', label: 'auth.email', type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMaxLength },
    {
      name: 'password',
      label: 'auth.password',
      type: 'password',
      autoComplete: 'new-password',
      hint: 'passwordTooShort',
      minLength: LIMITS.passwordMinLength,
      maxLength: LIMITS.passwordMaxLength,
    },
  ],
};

/** /login: one card toggling between Sign In (default) and Create Account (SPEC §2). */
export function AuthScreen() {
  const { session, toast, productName } = useHost();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const [mode, setMode] = useState<Mode>('signin');
  const [fields, setFields] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  // Set once the API said `totpRequired`: the form then asks for the code too.
  const [totpCode, setTotpCode] = useState<string | null>(null);
  const signingUp = mode === 'signup';
  const askingCode = totpCode !== null;

  useEffect(() => {
    if (askingCode) document.getElementById(`${ids}totp`)?.focus();
  }, [askingCode, ids]);

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const toggle = () => {
    setMode(signingUp ? 'signin' : 'signup');
    setFields(EMPTY);
    setTotpCode(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      if (signingUp) {
        await session.getState().signup({
          name: fields.name,
          username: fields.username,
          email: fields.email,
          password: fields.password,
        });
        toast.success(message('accountCreated'));
      } else {
        const credentials = { login: fields.login, password: fields.password };
        await session.getState().login(totpCode === null ? credentials : { ...credentials, totp_code: totpCode });
        toast.success(message('loggedIn'));
      }
      // Back to the page the visitor came from (the shell hands it over), else SPEC's /dashboard.
      navigate(returnTargetOf(location.state) ?? '/dashboard', { replace: true });
    } catch (error) {
      setPending(false);
      if (!signingUp && totpCode === null && asksForSecondFactor(error)) {
        setTotpCode('');
        return;
      }
      console.error(signingUp ? 'signup failed' : 'login failed', error);
      toast.error(errorText(error, signingUp ? 'signupFailed' : 'loginFailed'));
    }
  };

  const title = signingUp ? t('auth.signUp') : t('auth.signIn');
  return (
    <main className={auth.auth} data-testid="auth-screen" data-mode={mode}>
      <div className={`${shared.card} ${auth.card}`}>
        <p className={auth.brand}>{productName}</p>
        <h1 className={auth.title}>{title}</h1>
        <p className={auth.subtitle}>{signingUp ? t('auth.signUpLead') : t('auth.signInLead')}</p>

        <form className={forms.form} onSubmit={submit} aria-label={title}>
          {FIELDS[mode].map((field) => (
            <AuthField
              key={field.name}
              id={`${ids}${field.name}`}
              value={fields[field.name]}
              onChange={set(field.name)}
              {...field}
              label={t(field.label)}
              hint={field.hint && message(field.hint)}
            />
          ))}
          {!signingUp && askingCode && (
            <AuthField
              id={`${ids}totp`}
              name="totp_code"
              value={totpCode}
              onChange={(event) => setTotpCode(event.target.value)}
              label={t('auth.totpCode')}
              hint={message('totpRequired')}
              autoComplete="one-time-code"
              maxLength={LIMITS.secondFactorCodeMaxLength}
            />
          )}
          {!signingUp && (
            <p className={auth.forgot}>
              <Link to="/forgot-password">{t('auth.forgot')}</Link>
            </p>
          )}

          <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending}>
            {pending && <InlineSpinner />}
            {pending ? t(signingUp ? 'auth.signingUp' : 'auth.signingIn') : title}
          </button>
        </form>

        <p className={auth.switch}>
          <button type="button" className={forms.linkButton} onClick={toggle}>
            {signingUp ? t('auth.toSignIn') : t('auth.toSignUp')}
          </button>
        </p>
        <p className={auth.back}>
          <Link to="/">{t('auth.backHome')}</Link>
        </p>
      </div>
    </main>
  );
}

/** Every sign-in and sign-up input is required. */
function AuthField(input: ComponentProps<typeof TextField>) {
  return <TextField type="text" required {...input} />;
}
