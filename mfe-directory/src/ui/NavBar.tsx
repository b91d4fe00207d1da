import { Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LanguageMenu, useHost, useSession } from '@zaytoon/web-kit';
import { useListMessages } from '../i18n/list-messages';
import { useBackToDirectory } from '../features/directory/backToDirectory';
import { lazyNamed } from '../lib/lazyNamed';
import shared from './page.module.css';
import nav from './NavBar.module.css';

/** Only a member whose address is unconfirmed downloads it: /browse's first load stays as it was. */
const EmailConfirmationBanner = lazyNamed(() => import('../features/account/EmailConfirmationBanner'), 'EmailConfirmationBanner');

/** Under this width the bar's controls would wrap onto several rows: they fold into one menu button. */
export const NARROW_BAR_QUERY = '(max-width: 479.98px)';

function useNarrowBar(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(NARROW_BAR_QUERY);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(NARROW_BAR_QUERY).matches ?? false,
  );
}

/**
 * Directory top bar (SPEC §2). Logged out: Login button with its hint.
 * Logged in: Add Business, Admin Panel (admins), 'Welcome, {name}' (+ '(Admin)'), Settings, Logout.
 * The detail screen adds 'Back to Directory' and says 'Log In'. An unconfirmed address adds its banner below.
 */
export function NavBar({ variant = 'directory' }: { variant?: 'directory' | 'detail' }) {
  const { productName, toast, session, language } = useHost();
  const t = useListMessages();
  const loginHintId = useId();
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const navigate = useNavigate();
  const back = useBackToDirectory();
  const narrow = useNarrowBar();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const folded = narrow && !menuOpen;

  // A link followed from the open menu closes it: the next page starts with the bar folded.
  const { key: locationKey } = useLocation();
  const [menuLocation, setMenuLocation] = useState(locationKey);
  if (menuLocation !== locationKey) {
    setMenuLocation(locationKey);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!narrow || !menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [narrow, menuOpen]);

  // Leave first: forgetting the user on a protected page would let the shell's guard send them to /login.
  const logout = () => {
    navigate('/');
    void import('./logOut').then(
      ({ logOut }) => logOut({ session, toast, language }, t('nav.logoutFailed')),
      () => toast.error(t('nav.logoutFailed')),
    );
  };

  return (
    <>
      <header className={nav.nav} data-testid="directory-nav">
        <div className={nav.inner}>
          <div>
            {variant === 'detail' ? (
              <Link to={back.to} onClick={back.onClick} className="btn btn--ghost" data-testid="back-to-directory">
                <span className={shared.flip}>←</span> {t('common.backToDirectory')}
              </Link>
            ) : (
              <Link to="/" className={nav.brand} aria-label={t('nav.home', { product: productName })}>
                <span className={nav.mark} aria-hidden="true">
                  ●
                </span>
                {productName}
              </Link>
            )}
          </div>
          {narrow && (
            <button
              type="button"
              ref={menuButton}
              className={`btn btn--outline ${nav.menuButton}`}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
              data-testid="nav-menu-button"
            >
              <span aria-hidden="true">☰</span> {t('nav.menu')}
            </button>
          )}
          <nav id={menuId} className={narrow ? `${nav.links} ${nav.menu}` : nav.links} aria-label={t('nav.account')} hidden={folded}>
            <LanguageMenu label={t('language.label')} />
            {status === 'loading' ? null : user ? (
              <>
                <Link to="/add-business" className="btn btn--primary">
                  {t('nav.addBusiness')}
                </Link>
                {user.is_admin && (
                  <Link to="/admin" className="btn btn--outline">
                    {t('nav.admin')}
                  </Link>
                )}
                <span className={nav.welcome} data-testid="welcome">
                  {t('nav.welcome', { name: user.name })}
                  {user.is_admin && <span className={nav.adminTag}> {t('nav.adminTag')}</span>}
                </span>
                <Link to="/account-settings" className="btn btn--ghost">
                  {t('nav.settings')}
                </Link>
                <button type="button" className="btn btn--ghost" onClick={logout}>
                  {t('nav.logout')}
                </button>
              </>
            ) : variant === 'detail' ? (
              <Link to="/login" className="btn btn--primary">
                {t('nav.logIn')}
              </Link>
            ) : (
              <>
                <span className={nav.hint} id={loginHintId}>
                  {t('nav.loginHint')}
                </span>
                <Link to="/login" className="btn btn--primary" aria-describedby={loginHintId}>
                  {t('nav.login')}
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      {user?.email_confirmed === false && (
        <Suspense fallback={null}>
          <EmailConfirmationBanner />
        </Suspense>
      )}
    </>
  );
}
