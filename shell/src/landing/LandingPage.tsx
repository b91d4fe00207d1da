import { Link } from 'react-router-dom';
import { useHost } from '../hostContext';
import { Footer } from './Footer';
import { Logo } from './Logo';

const STEPS = [
  {
    title: 'Discover',
    icon: '🔍',
    text: 'Search the directory and explore the map to find pro-Palestinian businesses near you.',
  },
  {
    title: 'Connect',
    icon: '🤝',
    text: 'Join a community that shares your values: vote, comment and add the businesses you know.',
  },
  {
    title: 'Verify',
    icon: '✅',
    text: 'Report businesses and confirm their support, so the directory stays accurate and trustworthy.',
  },
] as const;

export function LandingPage() {
  const { productName } = useHost();
  return (
    <div className="landing" data-testid="landing-page">
      <header className="topbar">
        <div className="topbar__inner">
          <Logo productName={productName} />
          <nav className="topbar__nav" aria-label="Main">
            <Link to="/browse" className="btn btn--ghost">
              Browse Businesses
            </Link>
            <Link to="/login" className="btn btn--primary">
              Login / Sign Up
            </Link>
          </nav>
        </div>
      </header>

      <main>
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" className="hero__title">
            Find Pro-Palestinian Businesses
          </h1>
          <p className="hero__lead">
            Discover, support and connect with businesses across the UK that stand in solidarity with Palestine.
          </p>
          <div className="hero__actions">
            <Link to="/browse" className="btn btn--primary btn--large">
              Explore Businesses
            </Link>
            <Link to="/login" className="btn btn--outline-light btn--large">
              Add Your Business
            </Link>
          </div>
        </section>

        <section className="how" aria-labelledby="how-title">
          <h2 id="how-title" className="section-title">
            How It Works
          </h2>
          <ol className="how__steps">
            {STEPS.map((step) => (
              <li key={step.title} className="how__step">
                <span className="how__icon" aria-hidden="true">
                  {step.icon}
                </span>
                <h3 className="how__title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="cta" aria-labelledby="cta-title">
          <h2 id="cta-title" className="section-title">
            Ready to Make a Difference?
          </h2>
          <p>Every purchase is a choice. Help others find the businesses that stand with Palestine.</p>
          <div className="cta__actions">
            <Link to="/login" className="btn btn--primary btn--large">
              Add Your Business
            </Link>
            <Link to="/browse" className="btn btn--outline btn--large">
              Browse Directory
            </Link>
          </div>
        </section>
      </main>

      <Footer productName={productName} />
    </div>
  );
}
