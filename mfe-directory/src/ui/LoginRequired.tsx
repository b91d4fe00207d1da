import { useNavigate } from 'react-router-dom';

/** Shown by account screens when nobody is logged in (the shell normally redirects first). */
export function LoginRequired({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <main className="zd-page">
      <div className="zd-card zd-empty" data-testid="login-required">
        <p>{message}</p>
        <button type="button" className="zd-btn zd-btn--primary" onClick={() => navigate('/login')}>
          Go to Login
        </button>
      </div>
    </main>
  );
}
