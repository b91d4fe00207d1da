import { Link } from 'react-router-dom';

export const NOT_FOUND_TITLE = 'Page not found';

export function NotFound() {
  return (
    <main className="remote-unavailable" data-testid="not-found">
      <div className="remote-unavailable__card">
        <h1 className="remote-unavailable__title">{NOT_FOUND_TITLE}</h1>
        <p>The page you are looking for does not exist.</p>
        <div className="remote-unavailable__actions">
          <Link className="btn btn--primary" to="/">
            Back to Home
          </Link>
          <Link className="btn btn--outline" to="/browse">
            Browse Businesses
          </Link>
        </div>
      </div>
    </main>
  );
}
