/**
 * The embeddable map: `/embed?city=London&category=Cafe&view=map|list`, a page other sites show in
 * an `<iframe>`. Its URL is read here by the embed page and written here by /browse's 'Embed this map' dialog.
 */
export const EMBED_PATH = '/embed';
export const EMBED_VIEWS = ['map', 'list'] as const;
export type EmbedView = (typeof EMBED_VIEWS)[number];

export interface EmbedOptions {
  city?: string;
  category?: string;
  view: EmbedView;
}

/** The iframe's size in the snippet: the page fits its map (500 px) and its header in this height. */
export const EMBED_FRAME_HEIGHT_PX = 600;

/** A filter value worth keeping: not empty and not the directory's 'all'. */
function filterValue(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.toLowerCase() !== 'all' ? trimmed : undefined;
}

export function readEmbedOptions(search: string): EmbedOptions {
  const params = new URLSearchParams(search);
  return {
    city: filterValue(params.get('city')),
    category: filterValue(params.get('category')),
    view: params.get('view') === 'list' ? 'list' : 'map',
  };
}

/** The embed's absolute URL on `origin` (the front door's), its values URL-encoded. */
export function embedUrl(origin: string, { city, category, view }: EmbedOptions): string {
  const url = new URL(EMBED_PATH, origin);
  for (const [name, value] of [
    ['city', filterValue(city)],
    ['category', filterValue(category)],
    ['view', view],
  ] as const) {
    if (value) url.searchParams.set(name, value);
  }
  return url.href;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

/** Text made safe inside a double-quoted HTML attribute. */
export const escapeAttribute = (value: string): string => value.replace(/[&"'<>]/g, (character) => ATTRIBUTE_ESCAPES[character]);

/** The HTML another site pastes: the embed's iframe, titled for screen readers. */
export function embedSnippet(src: string, title: string): string {
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="100%" height="${EMBED_FRAME_HEIGHT_PX}" style="border:0" loading="lazy"></iframe>`;
}
