import { describe, expect, it } from 'vitest';
import { emailDomainMatchesWebsite } from './email-domain';

describe("the claim's domain hint", () => {
  it("matches the website's host, without www., in any case, and either side's subdomains", () => {
    expect(emailDomainMatchesWebsite('amal@olive-grove.co.uk', 'https://www.olive-grove.co.uk/menu')).toBe(true);
    expect(emailDomainMatchesWebsite('Amal@Olive-Grove.CO.UK', 'http://olive-grove.co.uk')).toBe(true);
    expect(emailDomainMatchesWebsite('amal@mail.olive-grove.co.uk', 'https://olive-grove.co.uk')).toBe(true);
    expect(emailDomainMatchesWebsite('amal@olive-grove.co.uk', 'https://shop.olive-grove.co.uk')).toBe(true);
  });

  it('does not match other domains, shared suffixes, sibling subdomains or a missing website', () => {
    expect(emailDomainMatchesWebsite('amal@gmail.com', 'https://olive-grove.co.uk')).toBe(false);
    expect(emailDomainMatchesWebsite('amal@other.co.uk', 'https://olive-grove.co.uk')).toBe(false);
    expect(emailDomainMatchesWebsite('amal@evil-olive-grove.co.uk', 'https://olive-grove.co.uk')).toBe(false);
    expect(emailDomainMatchesWebsite('amal@mail.olive-grove.co.uk', 'https://shop.olive-grove.co.uk')).toBe(false);
    expect(emailDomainMatchesWebsite('amal@co.uk', 'https://olive-grove.co.uk')).toBe(false);
    expect(emailDomainMatchesWebsite('amal@olive-grove.co.uk', '')).toBe(false);
    expect(emailDomainMatchesWebsite('amal@olive-grove.co.uk', 'ftp://olive-grove.co.uk')).toBe(false);
  });
});
