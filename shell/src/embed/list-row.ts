import type { Business, CoverPhoto } from '@zaytoon/contract/client';
import { h } from './dom';
import type { Translate } from './i18n/messages';
import { businessUrl, newTabLink } from './links';

/** The cover at its smallest size, as /browse's row shows it: lazy, with its width and height so nothing shifts. */
function coverImage(cover: CoverPhoto | null): HTMLImageElement | null {
  if (!cover) return null;
  return h('img', {
    class: 'embed__cover',
    src: cover.url,
    alt: cover.alt_text,
    width: String(cover.width),
    height: String(cover.height),
    loading: 'lazy',
    decoding: 'async',
    'data-testid': 'embed-cover',
  });
}

/** One business of the embed's list: its cover if it has one, its name linking to its page, its category and city. */
export function listRow(business: Business, t: Translate): HTMLLIElement {
  return h(
    'li',
    { class: 'embed__row' },
    coverImage(business.cover),
    newTabLink(businessUrl(business.id), business.name, t, { 'data-testid': 'embed-business' }),
    h('span', { class: 'embed__meta' }, [business.category, business.city].filter(Boolean).join(' · ')),
  );
}
