import { Link } from 'react-router-dom';
import { useHost } from '@zaytoon/web-kit';
import { Footer } from './Footer';
import { Logo } from './Logo';
import styles from './LandingPage.module.css';

const STEPS = [
  {
    title: 'Discover',
    icon: <path d="M10.5 3a7.5 7.5 0 015.96 12.06l4.24 4.24-1.4 1.4-4.24-4.24A7.5 7.5 0 1110.5 3zm0 2a5.5 5.5 0 100 11 5.5 5.5 0 000-11z" />,
    text: 'Search the directory and explore the map to find pro-Palestinian businesses near you.',
  },
  {
    title: 'Connect',
    icon: (
      <path d="M8 11a3.5 3.5 0 110-7 3.5 3.5 0 010 7zm8 0a3 3 0 110-6 3 3 0 010 6zM2 19c0-3.3 2.7-6 6-6s6 2.7 6 6v1H2v-1zm13.5 1v-1c0-1.9-.7-3.6-1.9-4.9A5 5 0 0122 19v1h-6.5z" />
    ),
    text: 'Join a community that shares your values: vote, comment and add the businesses you know.',
  },
  {
    title: 'Verify',
    icon: <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5l8-3zm-1.2 13.6l5.6-5.6-1.4-1.4-4.2 4.2-2.1-2.1-1.4 1.4 3.5 3.5z" />,
    text: 'Report businesses and confirm their support, so the directory stays accurate and trustworthy.',
  },
] as const;

export function LandingPage() {
  const { productName } = useHost();
  return (
    <div data-testid="landing-page">
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Logo productName={productName} />
          <nav className={styles.topbarNav} aria-label="Main">
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
        <section className={styles.hero} aria-labelledby="hero-title">
          <h1 id="hero-title" className={styles.heroTitle}>
            Find Pro-Palestinian Businesses
          </h1>
          <p className={styles.heroLead}>Discover, support and connect with businesses across the UK that stand in solidarity with Palestine.</p>
          <div className={styles.actions}>
            <Link to="/browse" className="btn btn--primary btn--large">
              Explore Businesses
            </Link>
            <Link to="/login" className="btn btn--outline-light btn--large">
              Add Your Business
            </Link>
          </div>
        </section>

        <section className={styles.how} aria-labelledby="how-title">
          <h2 id="how-title" className={styles.sectionTitle}>
            How It Works
          </h2>
          <ol className={styles.steps}>
            {STEPS.map((step) => (
              <li key={step.title} className={styles.step}>
                <svg className={styles.stepIcon} viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
                  {step.icon}
                </svg>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.cta} aria-labelledby="cta-title">
          <h2 id="cta-title" className={styles.sectionTitle}>
            Ready to Make a Difference?
          </h2>
          <p>Every purchase is a choice. Help others find the businesses that stand with Palestine.</p>
          <div className={styles.actions}>
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
