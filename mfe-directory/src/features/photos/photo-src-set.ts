import type { PhotoSize } from '@zaytoon/contract/client';

/** Every size as a `srcset` candidate, so the browser picks the smallest that fills the slot. */
export const photoSrcSet = (sizes: readonly PhotoSize[]) => sizes.map((size) => `${size.url} ${size.width}w`).join(', ');
