import { Link } from 'react-router-dom';
import type { BrandSummary } from '@zaytoon/contract/client';
import { useListMessages } from '../../i18n/list-messages';
import shared from '../../ui/page.module.css';

/** 'Alternative to <brand>' for each brand the business is tagged with, each leading to the brand's page. */
export function AlternativeBadges({ brands }: { brands: readonly BrandSummary[] | undefined }) {
  const t = useListMessages();
  if (!brands?.length) return null;
  return (
    <>
      {brands.map((brand) => (
        <Link key={brand.id} to={`/alternatives/${brand.slug}`} className={`${shared.badge} ${shared.badgeGreen}`} data-testid="alternative-badge">
          {t('row.alternativeTo', { brand: brand.name })}
        </Link>
      ))}
    </>
  );
}
