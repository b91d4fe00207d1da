import { useNavigate } from 'react-router-dom';
import { useMessages } from '../i18n/messages';
import shared from './page.module.css';

/** Shown by account screens when nobody is logged in (the shell normally redirects first). */
export function LoginRequired({ message }: { message: string }) {
  const navigate = useNavigate();
  const t = useMessages();
  return (
    <main className={shared.page}>
      <div className={`${shared.card} ${shared.empty}`} data-testid="login-required">
        <p>{message}</p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/login')}>
          {t('common.goToLogin')}
        </button>
      </div>
    </main>
  );
}
