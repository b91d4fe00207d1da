import type { BusinessProducts } from '@zaytoon/contract/client';
import shared from '../../ui/page.module.css';
import classes from './PalestineSupport.module.css';
import { SourceItem } from './PalestineSupport';

/** The Palestinian products the business stocks, and the source that shows it. */
export function PalestinianProducts({ stocked }: { stocked: BusinessProducts }) {
  return (
    <>
      <p data-testid="palestinian-products">
        {stocked.products.map((type) => (
          <span key={type.id} className={`${shared.badge} ${shared.badgeGreen}`}>
            {type.name}
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
