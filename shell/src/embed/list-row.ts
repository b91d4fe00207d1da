import type { Business } from '@zaytoon/contract/client';
import { coverImage } from './cover';
import { h } from './dom';
import type { Translate } from './i18n/messages';
import { businessUrl, newTabLink } from './links';

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
