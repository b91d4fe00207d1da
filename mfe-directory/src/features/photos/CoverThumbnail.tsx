import type { CoverPhoto } from '@zaytoon/contract/client';
import classes from './CoverThumbnail.module.css';

/** A business's cover at its smallest size: lazy, with its width and height so the row keeps its place while it loads. */
export function CoverThumbnail({ cover }: { cover: CoverPhoto | null }) {
  if (!cover) return null;
  return (
    <img
      className={classes.cover}
      src={cover.url}
      alt={cover.alt_text}
      width={cover.width}
      height={cover.height}
      loading="lazy"
      decoding="async"
      data-testid="cover-thumbnail"
    />
  );
}
