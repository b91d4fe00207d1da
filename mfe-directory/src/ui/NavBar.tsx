import { Link, useNavigate } from 'react-router-dom';
import { useHost, useSession } from '@zaytoon/web-kit';

/**
 * Directory top bar (SPEC §2). Logged out: Login button with its hint.
 * Logged in: Add Business, Admin Panel (admins), 'Welcome, {name}' (+ '(Admin)'), Settings, Logout.
 * The detail screen adds 'Back to Directory' and says 'Log In'.
 */
export function NavBar({ variant = 'directory' }: { variant?: 'directory' | 'detail' }) {
  const { productName, toast, session } = useHost();
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
    <header className="zd-nav" data-testid="directory-nav">
      <div className="zd-nav__inner">
        <div className="zd-nav__start">
          {variant === 'detail' ? (
            <Link to="/dashboard" className="zd-btn zd-btn--ghost" data-testid="back-to-directory">
              ← Back to Directory
            </Link>
          ) : (
            <Link to="/" className="zd-brand" aria-label={`${productName} home`}>
              <span className="zd-brand__mark" aria-hidden="true">
                ●
              </span>
              {productName}
            </Link>
          )}
        </div>
        <nav className="zd-nav__end" aria-label="Account">
          {status === 'loading' ? null : user ? (
            <>
              <Link to="/add-business" className="zd-btn zd-btn--primary">
                Add Business
              </Link>
              {user.is_admin && (
                <Link to="/admin" className="zd-btn zd-btn--outline">
                  Admin Panel
                </Link>
              )}
              <span className="zd-nav__welcome" data-testid="welcome">
                Welcome, {user.name}
                {user.is_admin && <span className="zd-nav__admin"> (Admin)</span>}
              </span>
              <Link to="/account-settings" className="zd-btn zd-btn--ghost">
                Settings
              </Link>
              <button type="button" className="zd-btn zd-btn--ghost" onClick={logout}>
                Logout
              </button>
            </>
          ) : variant === 'detail' ? (
            <Link to="/login" className="zd-btn zd-btn--primary">
              Log In
            </Link>
          ) : (
            <>
              <span className="zd-nav__hint" id="zd-login-hint">
                Login to add businesses
              </span>
              <Link to="/login" className="zd-btn zd-btn--primary" aria-describedby="zd-login-hint">
                Login
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
