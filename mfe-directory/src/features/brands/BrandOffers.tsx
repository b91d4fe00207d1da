import type { BrandSummary } from '@zaytoon/contract/client';
import { useListMessages } from '../../i18n/list-messages';
import { useDebounced } from '../../lib/useDebounced';
import { BRAND_OFFER_MIN_LENGTH, useBrandOptions } from './api';
import { foldName } from './fold-name';
import styles from './Brands.module.css';

/** Brands offered for a typed search at most: the search box is about businesses first. */
const OFFERS_SHOWN = 3;
const OFFER_DELAY_MS = 200;

/**
 * Typing a brand's name in the search box ('starbucks') offers "Alternatives to Starbucks" first, under the box:
 * choosing it filters on the brand instead of searching for its name.
 */
export default function BrandOffers({ search, onChoose }: { search: string; onChoose: (brand: BrandSummary) => void }) {
  const t = useListMessages();
  const text = useDebounced(search.trim(), OFFER_DELAY_MS);
  const wanted = text.length >= BRAND_OFFER_MIN_LENGTH;
  const brands = useBrandOptions(text, { enabled: wanted });
  const offers = wanted && search.trim() ? brands.filter((brand) => foldName(brand.name).includes(foldName(text))).slice(0, OFFERS_SHOWN) : [];
  if (!offers.length) return null;
  return (
    <ul className={styles.offers} aria-label={t('filters.offers')} data-testid="brand-offers">
      {offers.map((brand) => (
        <li key={brand.id}>
          <button type="button" className="btn btn--outline" onClick={() => onChoose(brand)}>
            {t('filters.offerAlternatives', { brand: brand.name })}
          </button>
        </li>
      ))}
    </ul>
  );
}
