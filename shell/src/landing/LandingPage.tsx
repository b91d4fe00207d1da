import { Link } from 'react-router-dom';
import { LanguageMenu, useHost } from '@zaytoon/web-kit';
import { useLandingMessages } from '../i18n/landing-messages';
import { Footer } from './Footer';
import { Logo } from './Logo';
import styles from './LandingPage.module.css';

const STEPS = [
  {
    title: 'landing.discoverTitle',
    icon: <path d="M10.5 3a7.5 7.5 0 015.96 12.06l4.24 4.24-1.4 1.4-4.24-4.24A7.5 7.5 0 1110.5 3zm0 2a5.5 5.5 0 100 11 5.5 5.5 0 000-11z" />,
    text: 'landing.discoverText',
  },
  {
    title: 'landing.connectTitle',
    icon: (
      <path d="M8 11a3.5 3.5 0 110-7 3.5 3.5 0 010 7zm8 0a3 3 0 110-6 3 3 0 010 6zM2 19c0-3.3 2.7-6 6-6s6 2.7 6 6v1H2v-1zm13.5 1v-1c0-1.9-.7-3.6-1.9-4.9A5 5 0 0122 19v1h-6.5z" />
    ),
    text: 'landing.connectText',
  },
  {
    title: 'landing.verifyTitle',
    icon: <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5l8-3zm-1.2 13.6l5.6-5.6-1.4-1.4-4.2 4.2-2.1-2.1-1.4 1.4 3.5 3.5z" />,
    text: 'landing.verifyText',
  },
] as const;

export function LandingPage() {
  const { productName } = useHost();
  const t = useLandingMessages();
  return (
    <div data-testid="landing-page">
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Logo productName={productName} />
          <nav className={styles.topbarNav} aria-label={t('nav.main')}>
            <LanguageMenu label={t('language.label')} />
            <Link to="/browse" className="btn btn--ghost">
              {t('nav.browse')}
            </Link>
            <Link to="/login" className="btn btn--primary">
              {t('nav.login')}
            </Link>
          </nav>
        </div>
      </header>

      <main>
        <section className={styles.hero} aria-labelledby="hero-title">
          <h1 id="hero-title" className={styles.heroTitle}>
            {t('landing.heroTitle')}
          </h1>
          <p className={styles.heroLead}>{t('landing.heroLead')}</p>
          <div className={styles.actions}>
            <Link to="/browse" className="btn btn--primary btn--large">
              {t('landing.explore')}
            </Link>
            <Link to="/login" className="btn btn--outline-light btn--large">
              {t('landing.addBusiness')}
            </Link>
          </div>
        </section>

        <section className={styles.how} aria-labelledby="how-title">
          <h2 id="how-title" className={styles.sectionTitle}>
            {t('landing.howTitle')}
          </h2>
          <ol className={styles.steps}>
            {STEPS.map((step) => (
              <li key={step.title} className={styles.step}>
                <svg className={styles.stepIcon} viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
                  {step.icon}
                </svg>
                <h3 className={styles.stepTitle}>{t(step.title)}</h3>
                <p>{t(step.text)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.cta} aria-labelledby="cta-title">
          <h2 id="cta-title" className={styles.sectionTitle}>
            {t('landing.ctaTitle')}
          </h2>
          <p>{t('landing.ctaText')}</p>
          <div className={styles.actions}>
            <Link to="/login" className="btn btn--primary btn--large">
              {t('landing.addBusiness')}
            </Link>
            <Link to="/browse" className="btn btn--outline btn--large">
              {t('landing.browseDirectory')}
            </Link>
          </div>
        </section>
      </main>

      <Footer productName={productName} />
    </div>
  );
}
