/** The host of a website URL, lowercased, without a leading `www.`; null when it is not a URL. */
function websiteHost(website: string): string | null {
  try {
    const { protocol, hostname } = new URL(website);
    if ((protocol !== 'http:' && protocol !== 'https:') || !hostname) return null;
    return hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Shaped like a country's shared second level (co.uk, org.uk, com.au): never the parent of a match. */
const SHARED_SUFFIX = /^[a-z]{2,3}\.[a-z]{2}$/;

const isSubdomain = (child: string, parent: string) => parent.includes('.') && !SHARED_SUFFIX.test(parent) && child.endsWith(`.${parent}`);

/**
 * The admins' hint on a claim: the member's email domain is the website's host (without `www.`), or one of them
 * is a subdomain of the other (mail.shop.co.uk and shop.co.uk). Two sibling subdomains do not match: telling
 * them apart from two tenants of a shared suffix (a.co.uk, b.co.uk) needs the public suffix list.
 */
export function emailDomainMatchesWebsite(email: string, website: string): boolean {
  const host = websiteHost(website);
  const at = email.lastIndexOf('@');
  if (!host || at < 0) return false;
  const domain = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  if (!domain.includes('.')) return false;
  return domain === host || isSubdomain(domain, host) || isSubdomain(host, domain);
}
