/** CONTRACT.md: links users supply (website, social) open in a new tab with rel="nofollow ugc noopener". */
export const USER_LINK_REL = 'nofollow ugc noopener noreferrer';

/** Our own pages opened in a new tab. */
export const NEW_TAB_REL = 'noopener noreferrer';

export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const SOCIAL_SITES = {
  facebook: 'https://facebook.com/',
  twitter: 'https://twitter.com/',
  instagram: 'https://instagram.com/',
} as const;

/** SPEC §2: facebook values without http get the site prefix; twitter and instagram lose '@' first. */
export function socialUrl(network: keyof typeof SOCIAL_SITES, value: string): string {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const handle = network === 'facebook' ? trimmed : trimmed.replace(/^@+/, '');
  return SOCIAL_SITES[network] + handle;
}
