import { NEW_TAB_REL } from '@zaytoon/contract/client';
import type { EmbedOptions } from '@zaytoon/contract/embed';
import { h } from './dom';
import type { Translate } from './i18n/messages';

/**
 * The full directory, on the front door's origin (the embed's own): every link of the embed opens it in a new tab,
 * so the framing site's page stays where it is.
 */
export function browseUrl({ city, category, view }: EmbedOptions): string {
  const url = new URL('/browse', window.location.origin);
  if (category) url.searchParams.set('category', category);
  if (city) url.searchParams.set('city', city);
  if (view === 'map') url.searchParams.set('view', 'map');
  return url.href;
}

export const businessUrl = (id: number): string => new URL(`/business/${id}`, window.location.origin).href;

/** A link to the directory in a new tab, which says so to screen readers. */
export function newTabLink(href: string, text: string, t: Translate, attributes: Record<string, string> = {}): HTMLAnchorElement {
  return h('a', { ...attributes, href, target: '_blank', rel: NEW_TAB_REL }, text, h('span', { class: 'visually-hidden' }, ` ${t('embed.newTab')}`));
}
