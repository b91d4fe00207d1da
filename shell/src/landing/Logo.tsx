import { Link } from 'react-router-dom';
import { useLandingMessages } from '../i18n/landing-messages';
import styles from './Logo.module.css';

/** Olive branch mark + product name ("zaytoon" is Arabic for olive). */
export function Logo({ productName }: { productName: string }) {
  const t = useLandingMessages();
  return (
    <Link to="/" className={styles.logo} aria-label={t('logo.home', { product: productName })} data-testid="logo">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="#14532d" />
        <path d="M16 6c-5 5-5 15 0 20 5-5 5-15 0-20z" fill="#fff" />
        <path d="M16 9v16" stroke="#14532d" strokeWidth="1.5" />
      </svg>
      <span>{productName}</span>
    </Link>
  );
}
