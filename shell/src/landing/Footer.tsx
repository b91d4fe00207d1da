import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR, PLACEHOLDER_LINKS, SOCIAL_LINKS, SUPPORT_LINK } from './links';

const goNowhere = (event: MouseEvent) => event.preventDefault();

export function Footer({ productName }: { productName: string }) {
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            {productName}
          </h2>
          <p>A community directory and map of pro-Palestinian businesses across the UK.</p>
          <ul className="site-footer__social">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="site-footer__heading">
            Platform
          </h2>
          <ul>
            <li>
              <Link to="/browse">Browse Businesses</Link>
            </li>
            <li>
              <Link to="/login">Login / Sign Up</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-community">
          <h2 id="footer-community" className="site-footer__heading">
            Community
          </h2>
          <ul>
            {PLACEHOLDER_LINKS.map((label) => (
              <li key={label}>
                {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- placeholders for pages SPEC lists but that do not exist yet: links, going nowhere */}
                <a href="#" onClick={goNowhere}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            Support Palestine
          </h2>
          <p>
            <a href={SUPPORT_LINK.href} target="_blank" rel="noopener noreferrer" data-testid="support-link">
              {SUPPORT_LINK.label}
            </a>
          </p>
        </section>
      </div>
      <p className="site-footer__copyright">
        © {COPYRIGHT_YEAR} {productName}. All rights reserved.
      </p>
    </footer>
  );
}
