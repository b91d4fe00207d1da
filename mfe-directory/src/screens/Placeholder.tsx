import { Link } from 'react-router-dom';
import { NavBar } from '../ui/NavBar';

export function Placeholder() {
  return (
    <>
      <NavBar />
      <main className="zd-page">
        <div className="zd-card zd-empty">
          <h1>Coming soon</h1>
          <p>This screen is not available yet.</p>
          <Link to="/dashboard" className="zd-btn zd-btn--primary">
            Back to Directory
          </Link>
        </div>
      </main>
    </>
  );
}
