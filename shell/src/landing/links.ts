/** External links of the footer (SPEC §1). */
export const SUPPORT_LINK = 'https://www.map.org.uk/donate';

export const SOCIAL_LINKS = [
  { label: 'X (Twitter)', href: 'https://x.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
] as const;

/** Placeholders that go nowhere (SPEC §1). */
export const PLACEHOLDER_LINKS = ['footer.guidelines', 'footer.support', 'footer.contact'] as const;

export const COPYRIGHT_YEAR = 2024;
