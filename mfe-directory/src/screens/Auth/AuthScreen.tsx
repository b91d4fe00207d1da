import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, LIMITS, MESSAGES, returnTargetOf } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { TextField } from '../../ui/Field';
import { InlineSpinner } from '../../ui/Spinner';
import auth from './AuthScreen.module.css';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';

type Mode = 'signin' | 'signup';

const EMPTY = { login: '', password: '', name: '', username: '', email: '' };

/** /login: one card toggling between Sign In (default) and Create Account (SPEC §2). */
export function AuthScreen() {
  const { session, toast, productName } = useHost();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const [mode, setMode] = useState<Mode>('signin');
  const [fields, setFields] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const signingUp = mode === 'signup';

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const toggle = () => {
    setMode(signingUp ? 'signin' : 'signup');
    setFields(EMPTY);
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
        toast.success(MESSAGES.accountCreated);
      } else {
        await session.getState().login({ login: fields.login, password: fields.password });
        toast.success(MESSAGES.loggedIn);
      }
      // Back to the page the visitor came from (the shell hands it over), else SPEC's /dashboard.
      navigate(returnTargetOf(location.state) ?? '/dashboard', { replace: true });
    } catch (error) {
      console.error(signingUp ? 'signup failed' : 'login failed', error);
      toast.error(errorMessage(error, signingUp ? MESSAGES.signupFailed : MESSAGES.loginFailed));
      setPending(false);
    }
  };

  const title = signingUp ? 'Create Account' : 'Sign In';
  return (
    <main className={auth.auth} data-testid="auth-screen" data-mode={mode}>
      <div className={`${shared.card} ${auth.card}`}>
        <p className={auth.brand}>{productName}</p>
        <h1 className={auth.title}>{title}</h1>
        <p className={auth.subtitle}>
          {signingUp ? 'Join the community supporting pro-Palestinian businesses' : 'Welcome back! Sign in to continue'}
        </p>

        <form className={forms.form} onSubmit={submit} aria-label={title}>
          {signingUp ? (
            <>
              <AuthField
                id={`${ids}name`}
                name="name"
                label="Full Name"
                value={fields.name}
                onChange={set('name')}
                autoComplete="name"
                maxLength={LIMITS.nameMaxLength}
              />
              <AuthField
                id={`${ids}username`}
                name="username"
                label="Username"
                value={fields.username}
                onChange={set('username')}
                autoComplete="username"
                hint={MESSAGES.usernameCharacters}
                maxLength={LIMITS.usernameMaxLength}
              />
              <AuthField
                id={`${ids}email`}
                name="email"
                label="Email"
                type="email"
                value={fields.email}
                onChange={set('email')}
                autoComplete="email"
                maxLength={LIMITS.emailMaxLength}
              />
            </>
          ) : (
            <AuthField
              id={`${ids}login`}
              name="login"
              label="Email or Username"
              value={fields.login}
              onChange={set('login')}
              autoComplete="username"
              maxLength={LIMITS.emailMaxLength}
            />
          )}
          <AuthField
            id={`${ids}password`}
            name="password"
            label="Password"
            type="password"
            value={fields.password}
            onChange={set('password')}
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            hint={signingUp ? MESSAGES.passwordTooShort : undefined}
            minLength={signingUp ? LIMITS.passwordMinLength : undefined}
            maxLength={LIMITS.passwordMaxLength}
          />
          {!signingUp && (
            <p className={auth.forgot}>
              <Link to="/forgot-password">Forgot Password?</Link>
            </p>
          )}

          <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending}>
            {pending && <InlineSpinner />}
            {pending ? (signingUp ? 'Creating Account...' : 'Signing In...') : title}
          </button>
        </form>

        <p className={auth.switch}>
          <button type="button" className={forms.linkButton} onClick={toggle}>
            {signingUp ? 'Already have an account? Sign In' : "Don't have an account? Sign Up"}
          </button>
        </p>
        <p className={auth.back}>
          <Link to="/">Back to Home</Link>
        </p>
      </div>
    </main>
  );
}

/** Every sign-in and sign-up input is required. */
function AuthField(input: ComponentProps<typeof TextField>) {
  return <TextField type="text" required {...input} />;
}
