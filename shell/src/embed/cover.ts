import type { CoverPhoto } from '@zaytoon/contract/client';
import { h } from './dom';

/** The cover at its smallest size, as /browse's row shows it: lazy, with its width and height so nothing shifts. */
export function coverImage(cover: CoverPhoto | null): HTMLImageElement | null {
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
