import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { Business } from '@zaytoon/client';
import { LIMITS } from '@zaytoon/client';
import { useHost, useSession } from '../../host';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { NavBar } from '../../ui/NavBar';
import { PageSpinner } from '../../ui/Spinner';
import { Filters, type FilterValues } from './Filters';
import { LocationsView } from './LocationsView';

const MapView = lazy(() => import('../../map/MapView'));

type View = 'locations' | 'map';

const NO_FILTERS: FilterValues = { search: '', category: 'all', city: 'all' };

/** /browse and /dashboard (SPEC §2). */
export function DirectoryScreen() {
  const { api, productName } = useHost();
  const userId = useSession((state) => state.user?.id ?? null);
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [view, setView] = useState<View>('locations');
  const [businesses, setBusinesses] = useState<Business[]>([]);
  const [loading, setLoading] = useState(true);
  const [categories, setCategories] = useState<string[]>([]);
  const [cities, setCities] = useState<string[]>([]);
  const query = useDebouncedValue(filters, LIMITS.searchDebounceMs);

  useEffect(() => {
    api.categories().then(setCategories, (error) => console.error('categories failed', error));
    api.cities().then(setCities, (error) => console.error('cities failed', error));
  }, [api]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .listBusinesses(query)
      .then(
        (list) => current && setBusinesses(Array.isArray(list) ? list : []),
        (error) => {
          console.error('businesses failed', error);
          if (current) setBusinesses([]);
        },
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, query, userId]);

  const count = useMemo(() => businesses.length, [businesses]);

  return (
    <>
      <NavBar />
      <main className="zd-page" data-testid="directory-screen">
        <header className="zd-hero">
          <h1 className="zd-hero__title">{productName}</h1>
          <p className="zd-hero__tagline">Discover and support pro-Palestinian businesses across the UK</p>
        </header>

        <Filters
          values={filters}
          onChange={setFilters}
          categories={categories}
          cities={cities}
          view={view}
          onViewChange={setView}
        />

        <p className="zd-count" data-testid="business-count" aria-live="polite">
          {loading ? 'Loading...' : `${count} businesses found`}
        </p>

        {view === 'map' ? (
          <Suspense fallback={<PageSpinner label="Loading map..." />}>
            <MapView businesses={businesses} filtered={query.search.trim() !== '' || query.category !== 'all' || query.city !== 'all'} />
          </Suspense>
        ) : (
          <LocationsView businesses={businesses} loading={loading} />
        )}
      </main>
    </>
  );
}
