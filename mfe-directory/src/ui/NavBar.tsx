import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useHost, useSession } from '@zaytoon/web-kit';
import nav from './NavBar.module.css';

/**
 * Directory top bar (SPEC §2). Logged out: Login button with its hint.
 * Logged in: Add Business, Admin Panel (admins), 'Welcome, {name}' (+ '(Admin)'), Settings, Logout.
 * The detail screen adds 'Back to Directory' and says 'Log In'.
 */
export function NavBar({ variant = 'directory' }: { variant?: 'directory' | 'detail' }) {
  const { productName, toast, session } = useHost();
  const loginHintId = useId();
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const navigate = useNavigate();

  // Leave first: forgetting the user on a protected page would let the shell's guard send them to /login.
  const logout = () => {
    navigate('/');
    void import('./logOut').then(
      ({ logOut }) => logOut({ session, toast }),
      () => toast.error('Logout failed'),
    );
  };

  return (
    <header className={nav.nav} data-testid="directory-nav">
      <div>
        <div>
          {variant === 'detail' ? (
            <Link to="/dashboard" className="btn btn--ghost" data-testid="back-to-directory">
              ← Back to Directory
            </Link>
          ) : (
            <Link to="/" className={nav.brand} aria-label={`${productName} home`}>
              <span aria-hidden="true">●</span>
              {productName}
            </Link>
          )}
        </div>
        <nav aria-label="Account">
          {status === 'loading' ? null : user ? (
            <>
              <Link to="/add-business" className="btn btn--primary">
                Add Business
              </Link>
              {user.is_admin && (
                <Link to="/admin" className="btn btn--outline">
                  Admin Panel
                </Link>
              )}
              <span className={nav.welcome} data-testid="welcome">
                Welcome, {user.name}
                {user.is_admin && <span> (Admin)</span>}
              </span>
              <Link to="/account-settings" className="btn btn--ghost">
                Settings
              </Link>
              <button type="button" className="btn btn--ghost" onClick={logout}>
                Logout
              </button>
            </>
          ) : variant === 'detail' ? (
            <Link to="/login" className="btn btn--primary">
              Log In
            </Link>
          ) : (
            <>
              <span className={nav.hint} id={loginHintId}>
                Login to add businesses
              </span>
              <Link to="/login" className="btn btn--primary" aria-describedby={loginHintId}>
                Login
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
