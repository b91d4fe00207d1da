import { lazy, memo, Suspense, useEffect, useId, useRef, useState } from 'react';
import { DIRECTORY_LIMITS } from '@zaytoon/contract/client';
import { useCategories } from '../../features/directory/api/get-filter-options';
import { sameFilters, type FilterValues } from '../../features/directory/filters';
import type { DirectoryView, WriteOptions } from '../../features/directory/useDirectoryUrl';
import { useListMessages } from '../../i18n/list-messages';
import { SelectField, TextField } from '../../ui/Field';
import { CityCombobox } from './CityCombobox';
import { BRAND_OFFER_MIN_LENGTH, useBrand, useProductTypes } from '../../features/brands/api';
import { useProductTypeName } from '../../features/brands/product-type-name';
import filters from './Filters.module.css';
import shared from '../../ui/page.module.css';

// Offered only once the search box holds a brand-sized text: the first view carries none of it.
const BrandOffers = lazy(() => import('../../features/brands/BrandOffers'));
// 'Alternative to…' and 'Palestinian products', once asked for (or in effect): the first view carries neither.
const MoreFilters = lazy(() => import('../../features/brands/MoreFilters'));

export type { FilterValues };

interface Props {
  /** The filters in effect (from the URL). */
  values: FilterValues;
  /** Called 300 ms after the last change (SPEC §7), with the filters to put into effect. */
  onCommit: (values: FilterValues, options: WriteOptions) => void;
  view: DirectoryView;
  onViewChange: (view: DirectoryView) => void;
}

/**
 * Search, category, city, view toggle and the removable chips of active filters (SPEC §2).
 * The controls and chips follow every keystroke here; the rest of the screen hears of a change only
 * once it is 300 ms old, so typing re-renders this component alone and asks the server once.
 * A change made only by typing replaces the history entry; choosing a category or city, or removing
 * a chip, adds one.
 */
export const Filters = memo(function Filters({ values, onCommit, view, onViewChange }: Props) {
  const ids = useId();
  const t = useListMessages();
  const categories = useCategories();
  const [draft, setDraft] = useState(values);
  const draftRef = useRef(values);
  const committed = useRef(values);
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; replace: boolean } | null>(null);

  // The URL changed under us (Back, a link): the controls show what is in effect.
  useEffect(() => {
    if (sameFilters(values, committed.current)) return;
    committed.current = values;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    draftRef.current = values;
    setDraft(values);
  }, [values]);

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
    },
    [],
  );

  const update = (patch: Partial<FilterValues>, kind: 'typing' | 'choice') => {
    const next = { ...draftRef.current, ...patch };
    draftRef.current = next;
    setDraft(next);
    const replace = kind === 'typing' && (pending.current?.replace ?? true);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = {
      replace,
      timer: setTimeout(() => {
        pending.current = null;
        if (sameFilters(next, committed.current)) return;
        committed.current = next;
        onCommitRef.current(next, { replace });
      }, DIRECTORY_LIMITS.searchDebounceMs),
    };
  };

  const [moreAsked, setMoreAsked] = useState(false);
  const moreShown = moreAsked || !!draft.alternativeTo || !!draft.product;

  const chosenBrand = useBrand(draft.alternativeTo || null).data;
  const productTypes = useProductTypes({ enabled: !!draft.product && draft.product !== 'any' });
  const productName = useProductTypeName();
  const chosenProduct = productTypes.find((type) => type.slug === draft.product);
  const chips: Array<{ key: keyof FilterValues; label: string; value: string; reset: string; removeLabel?: string }> = [];
  if (draft.search.trim()) chips.push({ key: 'search', label: t('filters.searchChip'), value: draft.search.trim(), reset: '' });
  if (draft.category !== 'all') chips.push({ key: 'category', label: t('filters.category'), value: draft.category, reset: 'all' });
  if (draft.city !== 'all') chips.push({ key: 'city', label: t('filters.city'), value: draft.city, reset: 'all' });
  // 'Verified only' and 'Open now': checkboxes whose chip reads 'Show: ...'.
  const shows = [
    { key: 'verified', label: t('filters.verifiedOnly') },
    { key: 'openNow', label: t('filters.openNow') },
  ] as const;
  for (const { key, label } of shows) if (draft[key]) chips.push({ key, label: t('filters.show'), value: label, reset: '' });
  if (draft.alternativeTo) {
    const value = chosenBrand?.name ?? draft.alternativeTo;
    chips.push({ key: 'alternativeTo', label: t('filters.alternativeTo'), value, reset: '', removeLabel: t('filters.removeTag', { value }) });
  }
  if (draft.product) {
    const value = draft.product === 'any' ? t('filters.stocksAny') : productName(chosenProduct ?? { slug: draft.product, name: draft.product });
    chips.push({ key: 'product', label: t('filters.products'), value, reset: '', removeLabel: t('filters.removeTag', { value }) });
  }

  return (
    <section className={shared.card} aria-label={t('filters.label')}>
      <div className={filters.row}>
        <TextField
          id={`${ids}search`}
          label={t('filters.search')}
          hideLabel

          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={draft.search}
          onChange={(event) => update({ search: event.target.value }, 'typing')}
        />
        {draft.search.trim().length >= BRAND_OFFER_MIN_LENGTH && (
          <Suspense fallback={null}>
            <BrandOffers search={draft.search} onChoose={(brand) => update({ search: '', alternativeTo: brand.slug }, 'choice')} />
          </Suspense>
        )}
        <SelectField
          id={`${ids}category`}
          label={t('filters.category')}
          hideLabel
          value={draft.category}
          onChange={(event) => update({ category: event.target.value }, 'choice')}
        >
          <option value="all">{t('filters.allCategories')}</option>
          {/* A value from a shared link that the list does not (yet) hold still shows as chosen. */}
          {draft.category !== 'all' && !categories.includes(draft.category) && <option value={draft.category}>{draft.category}</option>}
          {categories.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        {/* Thousands of cities: a searchable list instead of a <select> of every one. */}
        <CityCombobox
          label={t('filters.city')}
          allLabel={t('filters.allCities')}
          value={draft.city}
          onChoose={(city) => update({ city }, 'choice')}
        />
        {moreShown ? (
          <Suspense fallback={null}>
            <MoreFilters
              productId={`${ids}product`}
              alternativeTo={draft.alternativeTo}
              product={draft.product}
              openedByClick={moreAsked}
              onAlternativeTo={(alternativeTo) => update({ alternativeTo }, 'choice')}
              onProduct={(product) => update({ product }, 'choice')}
            />
          </Suspense>
        ) : (
          <button type="button" className="btn btn--outline" aria-expanded={false} onClick={() => setMoreAsked(true)}>
            {t('filters.more')}
          </button>
        )}
        {shows.map(({ key, label }) => (
          <label key={key} className={filters.check}>
            <input
              type="checkbox"
              checked={draft[key] === 'true'}
              onChange={(event) => update({ [key]: event.target.checked ? 'true' : '' }, 'choice')}
            />{' '}
            {label}
          </label>
        ))}
        <div className={filters.toggle} role="group" aria-label={t('filters.view')}>
          <button type="button" aria-pressed={view === 'map'} onClick={() => onViewChange('map')}>
            {t('filters.map')}
          </button>
          <button type="button" aria-pressed={view === 'locations'} onClick={() => onViewChange('locations')}>
            {t('filters.locations')}
          </button>
        </div>
      </div>
      {chips.length > 0 && (
        <ul className={filters.chips} aria-label={t('filters.active')}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                data-testid={`chip-${chip.key}`}
                aria-label={chip.removeLabel ?? t('filters.remove', { filter: chip.key, value: chip.value })}
                onClick={() => update({ [chip.key]: chip.reset }, 'choice')}
              >
                {chip.label}: {chip.value} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
