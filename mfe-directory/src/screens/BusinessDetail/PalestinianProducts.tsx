import type { BusinessProducts } from '@zaytoon/contract/client';
import shared from '../../ui/page.module.css';
import classes from './PalestineSupport.module.css';
import { SourceItem } from './PalestineSupport';
import { useProductTypeName } from '../../features/brands/product-type-name';
import { photoSrcSet } from '../../features/photos/photo-src-set';

/** The Palestinian products the business stocks, and the source or photo that shows it. */
export function PalestinianProducts({ stocked }: { stocked: BusinessProducts }) {
  const nameOf = useProductTypeName();
  return (
    <>
      <p data-testid="palestinian-products">
        {stocked.products.map((type) => (
          // A type admins added shows the name they gave it, in whatever language: isolated like other names.
          <span key={type.id} className={`${shared.badge} ${shared.badgeGreen}`} dir="auto">
            {nameOf(type)}
          </span>
        ))}
      </p>
      {stocked.source && (
        <ul className={classes.sources}>
          <SourceItem source={stocked.source} />
        </ul>
      )}
      {stocked.photo && (
        <img
          className={classes.proofPhoto}
          src={stocked.photo.sizes[0].url}
          srcSet={photoSrcSet(stocked.photo.sizes)}
          sizes="(max-width: 600px) 90vw, 320px"
          alt={stocked.photo.alt_text}
          width={stocked.photo.sizes[0].width}
          height={stocked.photo.sizes[0].height}
          loading="lazy"
          data-testid="products-photo"
        />
      )}
    </>
  );
}
