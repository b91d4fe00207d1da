import { useNavigate } from 'react-router-dom';
import shared from './page.module.css';

/** Shown by account screens when nobody is logged in (the shell normally redirects first). */
export function LoginRequired({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <main className={shared.page}>
      <div className={`${shared.card} ${shared.empty}`} data-testid="login-required">
        <p>{message}</p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/login')}>
          Go to Login
        </button>
      </div>
    </main>
  );
}
