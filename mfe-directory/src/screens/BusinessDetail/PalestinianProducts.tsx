import type { BusinessProducts } from '@zaytoon/contract/client';
import shared from '../../ui/page.module.css';
import classes from './PalestineSupport.module.css';
import { SourceItem } from './PalestineSupport';
import { useProductTypeName } from '../../features/brands/product-type-name';

/** The Palestinian products the business stocks, and the source that shows it. */
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
    </>
  );
}
