import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { isApiError } from '@zaytoon/contract/client';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { useBrand } from '../../features/brands/api';
import { NearMe } from '../../features/near-me/NearMe';
import NearbyList from '../../features/near-me/NearbyList';
import { nearParam, parseNear, type NearPoint } from '../../features/near-me/near-point';
import { URL_PARAMS } from '../../features/directory/useDirectoryUrl';
import { useMessages } from '../../i18n/messages';
import { NavBar } from '../../ui/NavBar';
import { PageSpinner } from '../../ui/Spinner';
import shared from '../../ui/page.module.css';
import { EmptyPage } from '../EmptyPage';
import { SourceItem } from '../BusinessDetail/PalestineSupport';
import supportClasses from '../BusinessDetail/PalestineSupport.module.css';

/**
 * /alternatives/<brand>: why people avoid the brand, with its sources, and the businesses that are alternatives to it,
 * page after page; nearest first once the visitor allows 'Near me' (its point in the URL, as on /browse).
 */
export function BrandAlternativesScreen() {
  const t = useMessages();
  const message = useContractMessages();
  const { slug = '' } = useParams();
  const brand = useBrand(slug);
  const [searchParams, setSearchParams] = useSearchParams();
  const nearText = searchParams.get(URL_PARAMS.near);
  const near = useMemo(() => parseNear(nearText), [nearText]);
  const filter = useMemo(() => ({ alternative_to: slug }), [slug]);
  const setNear = (point: NearPoint | null) =>
    setSearchParams(
      (params) => {
        if (point) params.set(URL_PARAMS.near, nearParam(point));
        else params.delete(URL_PARAMS.near);
        return params;
      },
      { preventScrollReset: true },
    );

  if (brand.isPending) return <PageSpinner />;
  if (brand.isError) {
    const missing = isApiError(brand.error) && brand.error.status === 404;
    return <EmptyPage title={missing ? message('brandNotFound') : t('brand.unavailable')} message={t('brand.notFoundHint')} testId="brand-missing" />;
  }
  const { name, reason, sources } = brand.data;
  return (
    <>
      <NavBar />
      <main className={shared.page} data-testid="brand-page" data-brand={slug}>
        <section className={shared.card}>
          <h1 dir="auto">{t('brand.title', { brand: name })}</h1>
          <h2>{t('brand.why', { brand: name })}</h2>
          <p dir="auto" data-testid="brand-reason">
            {reason}
          </p>
          <ul className={supportClasses.sources} data-testid="sources">
            {sources.map((source) => (
              <SourceItem key={source.id} source={source} />
            ))}
          </ul>
          <Link to={`/browse?${URL_PARAMS.alternativeTo}=${encodeURIComponent(slug)}`}>{t('brand.onBrowse')}</Link>
        </section>
        <h2>{t('brand.alternatives')}</h2>
        <NearMe near={near} onNear={setNear} />
        <NearbyList filter={filter} near={near} />
      </main>
    </>
  );
}
