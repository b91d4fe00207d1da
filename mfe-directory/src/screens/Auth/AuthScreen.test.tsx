import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, LIMITS, MESSAGES, type User } from '@zaytoon/contract/client';
import { HostProvider } from '@zaytoon/web-kit';
import { fakeHost, fakeSession, renderScreen } from '../../test/harness';
import { AuthScreen } from './AuthScreen';

const fieldLabels = () => [...document.querySelectorAll('label')].map((label) => label.textContent);

describe('auth screen (SPEC §2)', () => {
  it('starts in Sign In with its fields, links and Back to Home', () => {
    renderScreen(<AuthScreen />, { path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(fieldLabels()).toEqual(['Email or Username', 'Password']);
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('toggles to Create Account and back', async () => {
    renderScreen(<AuthScreen />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign Up" }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    expect(fieldLabels()).toEqual(['Full Name', 'Username', 'Email', 'Password']);
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect(screen.queryByRole('link', { name: 'Forgot Password?' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign In' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it("limits each field's length to the contract's, on sign-in and on sign-up", async () => {
    renderScreen(<AuthScreen />, { path: '/login' });
    const maxLength = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).maxLength;
    expect(maxLength('Email or Username')).toBe(LIMITS.emailMaxLength);
    expect(maxLength('Password')).toBe(LIMITS.passwordMaxLength);
    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign Up" }));
    expect(maxLength('Full Name')).toBe(LIMITS.nameMaxLength);
    expect(maxLength('Username')).toBe(LIMITS.usernameMaxLength);
    expect(maxLength('Email')).toBe(LIMITS.emailMaxLength);
    expect(maxLength('Password')).toBe(LIMITS.passwordMaxLength);
  });

  it('requires every field', () => {
    renderScreen(<AuthScreen />, { path: '/login' });
    for (const input of document.querySelectorAll('input')) expect(input.required).toBe(true);
  });

  it("shows 'Signing In...' while pending, then toasts success and goes to /dashboard", async () => {
    let finish: () => void = () => {};
    const session = fakeSession(null, {
      login: vi.fn(
        () => new Promise<User>((resolve) => (finish = () => resolve({ id: 1, name: 'A', username: 'a', picture: null, is_admin: false }))),
      ),
    });
    const host = fakeHost({ session });
    renderScreen(<AuthScreen />, { path: '/login', host });
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const pending = screen.getByRole('button', { name: 'Signing In...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    expect(session.getState().login).toHaveBeenCalledWith({ login: 'sami', password: 'secret1' });
    finish();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(host.toast.success).toHaveBeenCalledWith('Successfully logged in!');
  });

  it("toasts the server's detail on failure", async () => {
    const session = fakeSession(null, {
      // thrown by the shell's copy of the client: not an instanceof this bundle's ApiError
      login: vi.fn(async () =>
        Promise.reject(Object.assign(new Error('x'), { name: 'ApiError', status: 401, detail: 'Invalid email/username or password' })),
      ),
    });
    const host = fakeHost({ session });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen(<AuthScreen />, { path: '/login', host });
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Invalid email/username or password'));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("falls back to 'Login failed' / 'Signup failed' without a detail", async () => {
    const session = fakeSession(null, {
      login: vi.fn(async () => Promise.reject(new ApiError(0, null))),
      signup: vi.fn(async () => Promise.reject(new ApiError(502, null))),
    });
    const host = fakeHost({ session });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen(<AuthScreen />, { path: '/login', host });
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Login failed'));

    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign Up" }));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sami');
    await userEvent.type(screen.getByLabelText('Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Email'), 'sami@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Signup failed'));
  });

  it("says an offline sign-in needs a connection, and a call the server did not answer while online keeps 'Login failed'", async () => {
    const session = fakeSession(null, { login: vi.fn(async () => Promise.reject(new ApiError(0, null))) });
    const host = fakeHost({ session });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen(<AuthScreen />, { path: '/login', host });
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith(MESSAGES.needsConnection));

    onLine.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenLastCalledWith('Login failed'));

    // The browser says online, but the shell's client knows the page shows saved answers.
    session.setState({ login: vi.fn(async () => Promise.reject(new ApiError(0, null, undefined, undefined, { code: 'needsConnection' }))) });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenLastCalledWith(MESSAGES.needsConnection));
  });

  it("creates an account with 'Creating Account...' and toasts 'Account created successfully!'", async () => {
    const host = fakeHost();
    renderScreen(<AuthScreen />, { path: '/login', host });
    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign Up" }));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sami');
    await userEvent.type(screen.getByLabelText('Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Email'), 'sami@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(host.session.getState().signup).toHaveBeenCalledWith({
      name: 'Sami',
      username: 'sami',
      email: 'sami@example.com',
      password: 'secret1',
    });
    expect(host.toast.success).toHaveBeenCalledWith('Account created successfully!');
  });
});

describe('auth screen: the second factor', () => {
  it('asks for the code when the API says totpRequired, then signs in with it', async () => {
    const login = vi.fn(async (credentials: { totp_code?: string }) => {
      if (!credentials.totp_code) throw new ApiError(401, MESSAGES.totpRequired, undefined, undefined, { code: 'totpRequired' });
      return { id: 1, name: 'A', username: 'a', picture: null, is_admin: false };
    });
    const host = fakeHost({ session: fakeSession(null, { login }) });
    renderScreen(<AuthScreen />, { path: '/login', host });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe(MESSAGES.totpRequired);
    expect(host.toast.error).not.toHaveBeenCalled();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(login).toHaveBeenLastCalledWith({ login: 'sami', password: 'secret1', totp_code: '123456' });
  });
});

describe('auth screen: rules shown before submitting', () => {
  it('sign-up shows the username and password rules under their fields; sign-in does not', async () => {
    renderScreen(<AuthScreen />, { path: '/login' });
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(MESSAGES.passwordTooShort)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign Up" }));
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    const describedBy = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(describedBy(username)).toBe(MESSAGES.usernameCharacters);
    expect(describedBy(password)).toBe(`Password must be at least ${LIMITS.passwordMinLength} characters`);
    expect(password.minLength).toBe(LIMITS.passwordMinLength);
  });
});

describe('auth screen: back to the page the visitor came from', () => {
  function renderLogin(from: unknown) {
    const host = fakeHost();
    render(
      <HostProvider value={host}>
        <MemoryRouter initialEntries={[{ pathname: '/login', state: { from } }]}>
          <Routes>
            <Route path="/login" element={<AuthScreen />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </HostProvider>,
    );
    return host;
  }

  function Where() {
    const location = useLocation();
    return <output data-testid="where">{location.pathname + location.search}</output>;
  }

  async function logIn() {
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    return (await screen.findByTestId('where')).textContent;
  }

  it('returns to the page it was sent from', async () => {
    renderLogin('/business/5?tab=comments');
    expect(await logIn()).toBe('/business/5?tab=comments');
  });

  it.each(['https://evil.example/', '//evil.example/business/5', '/login', undefined])(
    'goes to /dashboard when the return target is %s',
    async (from) => {
      renderLogin(from);
      expect(await logIn()).toBe('/dashboard');
    },
  );
});
