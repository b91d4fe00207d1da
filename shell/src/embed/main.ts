import './embed.css';
import {
  createApiClient,
  DEFAULT_MAP_TILES,
  mapTileSourceOf,
  type ApiClient,
  type DirectoryFilter,
  type MapTileSource,
} from '@zaytoon/contract/client';
import { readEmbedOptions, type EmbedOptions } from '@zaytoon/contract/embed';
import { openingLanguage, showLanguage } from '../i18n/pageLanguage';
import { countLine, h } from './dom';
import { loadMessages, type Translate } from './i18n/messages';
import { browseUrl, newTabLink } from './links';
import { listRow } from './list-row';

/** The list shows one page: the rest is on the directory ('More on …'), never the whole table in a frame. */
const LIST_PAGE_SIZE = 20;

export interface EmbedContext {
  api: ApiClient;
  t: Translate;
  options: EmbedOptions;
  filter: DirectoryFilter;
  productName: string;
  mapTiles: MapTileSource;
}

/** The product's name and the map's tiles from the shell's runtime config (the page's title and the defaults without it). */
async function runtimeSettings(): Promise<Pick<EmbedContext, 'productName' | 'mapTiles'>> {
  try {
    const config = (await (await fetch('/runtime-config.json')).json()) as { productName?: unknown; mapTiles?: unknown };
    return { productName: typeof config.productName === 'string' ? config.productName : document.title, mapTiles: mapTileSourceOf(config.mapTiles) };
  } catch {
    return { productName: document.title, mapTiles: DEFAULT_MAP_TILES };
  }
}

function header({ options, t, productName }: EmbedContext): HTMLElement {
  const place = [options.category, options.city].filter(Boolean).join(' · ') || t('embed.everywhere');
  return h(
    'header',
    { class: 'embed__header' },
    h('p', { class: 'embed__title' }, h('strong', {}, productName), ' ', h('bdi', { 'data-testid': 'embed-filters' }, place)),
    newTabLink(browseUrl(options), t('embed.viewOn', { product: productName }), t, { class: 'embed__view-on', 'data-testid': 'embed-view-on' }),
  );
}

async function showList(into: HTMLElement, { api, t, options, filter, productName }: EmbedContext): Promise<void> {
  const page = await api.callPage('listBusinesses', { query: { ...filter, limit: LIST_PAGE_SIZE } });
  const rows = page.items.map((business) => listRow(business, t));
  into.replaceChildren(
    countLine(page.total, t),
    h('ul', { class: 'embed__list', 'aria-label': t('embed.listLabel'), 'data-testid': 'embed-list' }, ...rows),
  );
  if (page.nextCursor)
    into.append(
      newTabLink(browseUrl(options), t('embed.moreOn', { product: productName }), t, { class: 'embed__more', 'data-testid': 'embed-more' }),
    );
}

async function boot(root: HTMLElement): Promise<void> {
  const language = openingLanguage();
  showLanguage(language);
  const options = readEmbedOptions(window.location.search);
  const [t, settings] = await Promise.all([loadMessages(language), runtimeSettings()]);
  document.title = settings.productName;
  // Read-only and framed by other sites, where the browser sends no cookies: no session, no CSRF token.
  const api = createApiClient({ fetch: (input, init) => fetch(input, { ...init, credentials: 'omit' }) });
  const context: EmbedContext = { api, t, options, filter: { city: options.city, category: options.category }, ...settings };
  const body = h(
    'main',
    { class: 'embed__body', 'data-testid': `embed-${options.view}` },
    h('p', { class: 'embed__status', role: 'status' }, t('embed.loading')),
  );
  root.replaceChildren(header(context), body);
  root.removeAttribute('aria-busy');
  try {
    if (options.view === 'list') await showList(body, context);
    else await (await import('./map')).showMap(body, context);
  } catch (error) {
    console.error('[embed] could not load businesses', error);
    body.replaceChildren(h('p', { class: 'embed__status', role: 'alert' }, t('embed.loadFailed')));
  }
}

void boot(document.getElementById('embed')!);
