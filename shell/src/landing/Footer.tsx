import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR, PLACEHOLDER_LINKS, SOCIAL_LINKS, SUPPORT_LINK } from './links';
import { useLandingMessages } from '../i18n/landing-messages';
import styles from './Footer.module.css';

const goNowhere = (event: MouseEvent) => event.preventDefault();

export function Footer({ productName }: { productName: string }) {
  const t = useLandingMessages();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.grid}>
        <FooterColumn id="footer-about" title={productName}>
          <p>{t('footer.about')}</p>
          <ul className={styles.social}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn as="nav" id="footer-platform" title={t('footer.platform')}>
          <ul>
            <li>
              <Link to="/browse">{t('nav.browse')}</Link>
            </li>
            <li>
              <Link to="/login">{t('nav.login')}</Link>
            </li>
            <li>
              <Link to="/open-data" data-testid="footer-open-data">
                {t('footer.openData')}
              </Link>
            </li>
          </ul>
        </FooterColumn>
        <FooterColumn as="nav" id="footer-community" title={t('footer.community')}>
          <ul>
            {PLACEHOLDER_LINKS.map((label) => (
              <li key={label}>
                {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- placeholders for pages SPEC lists but that do not exist yet: links, going nowhere */}
                <a href="#" onClick={goNowhere}>
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn id="footer-support" title={t('footer.supportPalestine')}>
          <p>
            <a href={SUPPORT_LINK} target="_blank" rel="noopener noreferrer" data-testid="support-link">
              {t('footer.donate')}
            </a>
          </p>
        </FooterColumn>
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year: COPYRIGHT_YEAR, product: productName })}</p>
    </footer>
  );
}

/** One titled column of the footer; the title names it for screen readers. */
function FooterColumn({
  as: Column = 'section',
  id,
  title,
  children,
}: {
  as?: 'section' | 'nav';
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Column aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </Column>
  );
}
