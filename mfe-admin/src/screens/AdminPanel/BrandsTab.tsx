import { useState, type FormEvent } from 'react';
import { BRAND_RULES, SOURCE_KINDS, SOURCE_RULES, type Brand, type SourceInput } from '@zaytoon/contract/client';
import { useContractLabels, useFieldErrors } from '@zaytoon/web-kit/contract-messages';
import {
  useAddProductType,
  useBrand,
  useBrands,
  useDeleteBrand,
  useDeleteProductType,
  useProductTypes,
  useSaveBrand,
} from '../../features/admin/api/brands';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import form from './VerifyDialog.module.css';

const today = () => new Date().toISOString().slice(0, 10);
type SourceDraft = { id?: number; kind: SourceInput['kind'] | ''; url: string; description: string; date: string };
const emptySource = (): SourceDraft => ({ kind: '', url: '', description: '', date: today() });
const draftOf = (brand: Brand): SourceDraft[] =>
  brand.sources.map((source) => ({ id: source.id, kind: source.kind, url: source.url ?? '', description: source.description, date: source.date }));

/**
 * 'Brands': the boycotted brands members may find alternatives to, each with a short reason and its sources; and the
 * Palestinian product types businesses may say they stock.
 */
export function BrandsTab() {
  const t = useMessages();
  const [search, setSearch] = useState('');
  const brands = useBrands(search.trim());
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const brand = useBrand(editing && editing !== 'new' ? editing : null);
  const deleting = useDeleteBrand();

  return (
    <section aria-labelledby="brands-heading" data-testid="brands-tab">
      <h2 id="brands-heading" className={card.queueHeading}>
        {t('brands.title')}
      </h2>
      <div className={card.filters}>
        <label>
          {t('brands.search')}
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} maxLength={BRAND_RULES.nameMaxLength} />
        </label>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          {t('brands.add')}
        </button>
      </div>
      {editing === 'new' ? (
        <BrandForm key="new" brand={null} onDone={() => setEditing(null)} />
      ) : editing && brand.data ? (
        <BrandForm key={brand.data.id} brand={brand.data} onDone={() => setEditing(null)} />
      ) : null}
      {brands.data?.length === 0 ? (
        <p className={card.muted}>{t('brands.empty')}</p>
      ) : (
        <ul className={card.list} data-testid="brand-list">
          {brands.data?.map((item) => (
            <li key={item.id} className={`${card.card} ${card.itemHead}`}>
              <span className={card.itemTitle}>
                <bdi dir="auto">{item.name}</bdi> <span className={card.muted}>/alternatives/{item.slug}</span>
              </span>
              <button type="button" className="btn btn--outline" onClick={() => setEditing(item.slug)}>
                {t('brands.edit')}
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={deleting.isPending}
                onClick={() => {
                  if (!window.confirm(t('brands.confirmDelete', { name: item.name }))) return;
                  if (editing === item.slug) setEditing(null);
                  deleting.mutate(item);
                }}
              >
                {t('brands.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ProductTypes />
    </section>
  );
}

function BrandForm({ brand, onDone }: { brand: Brand | null; onDone: () => void }) {
  const t = useMessages();
  const label = useContractLabels();
  const save = useSaveBrand();
  const errors = useFieldErrors(save.error);
  const [name, setName] = useState(brand?.name ?? '');
  const [slug, setSlug] = useState(brand?.slug ?? '');
  const [reason, setReason] = useState(brand?.reason ?? '');
  const [sources, setSources] = useState<SourceDraft[]>(brand ? draftOf(brand) : [emptySource()]);
  const change = (index: number, patch: Partial<SourceDraft>) =>
    setSources((current) => current.map((source, at) => (at === index ? { ...source, ...patch } : source)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      ...(brand || !slug.trim() ? {} : { slug: slug.trim() }),
      reason,
      sources: sources.map((source) => ({ ...source, kind: source.kind as SourceInput['kind'] })),
    };
    save.mutate({ id: brand?.id ?? null, input }, { onSuccess: onDone });
  };

  return (
    <form className={`${card.card} ${form.form}`} onSubmit={submit} data-testid="brand-form">
      <h3>{brand ? t('brands.editTitle') : t('brands.addTitle')}</h3>
      <label className={form.field}>
        {t('brands.name')}
        <input required dir="auto" maxLength={BRAND_RULES.nameMaxLength} value={name} onChange={(event) => setName(event.target.value)} />
        {errors.name && <span role="alert">{errors.name}</span>}
      </label>
      <label className={form.field}>
        {t('brands.slug')}
        <input
          dir="ltr"
          disabled={!!brand}
          maxLength={BRAND_RULES.slugMaxLength}
          value={slug}
          placeholder={t('brands.slugHint')}
          onChange={(event) => setSlug(event.target.value)}
        />
        {errors.slug && <span role="alert">{errors.slug}</span>}
      </label>
      <label className={form.field}>
        {t('brands.reason')}
        <textarea
          required
          dir="auto"
          rows={2}
          maxLength={BRAND_RULES.reasonMaxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {errors.reason && <span role="alert">{errors.reason}</span>}
      </label>
      <fieldset className={form.form}>
        <legend>{t('brands.sources')}</legend>
        {errors.sources && <span role="alert">{errors.sources}</span>}
        {sources.map((source, index) => (
          <div key={source.id ?? `new-${index}`} className={form.form} data-testid="brand-source">
            <label className={form.field}>
              {t('brands.sourceKind')}
              <select required value={source.kind} onChange={(event) => change(index, { kind: event.target.value as SourceDraft['kind'] })}>
                <option value="">{t('brands.chooseKind')}</option>
                {SOURCE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {label('sourceKind', kind)}
                  </option>
                ))}
              </select>
            </label>
            <label className={form.field}>
              {t('brands.sourceUrl')}
              <input
                type="url"
                dir="ltr"
                placeholder="https://"
                maxLength={SOURCE_RULES.urlMaxLength}
                value={source.url}
                onChange={(event) => change(index, { url: event.target.value })}
              />
              {errors[`sources.${index}.url`] && <span role="alert">{errors[`sources.${index}.url`]}</span>}
            </label>
            <label className={form.field}>
              {t('brands.sourceDescription')}
              <input
                required
                dir="auto"
                maxLength={SOURCE_RULES.descriptionMaxLength}
                value={source.description}
                onChange={(event) => change(index, { description: event.target.value })}
              />
            </label>
            <label className={form.field}>
              {t('brands.sourceDate')}
              <input type="date" required max={today()} value={source.date} onChange={(event) => change(index, { date: event.target.value })} />
            </label>
            {sources.length > 1 && (
              <button type="button" className="btn btn--ghost" onClick={() => setSources((current) => current.filter((_, at) => at !== index))}>
                {t('brands.removeSource')}
              </button>
            )}
          </div>
        ))}
        {sources.length < BRAND_RULES.maxSources && (
          <button type="button" className="btn btn--outline" onClick={() => setSources((current) => [...current, emptySource()])}>
            {t('brands.addSource')}
          </button>
        )}
      </fieldset>
      <div className={card.actions}>
        <button type="button" className="btn btn--outline" onClick={onDone}>
          {t('brands.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('brands.save')}
        </button>
      </div>
    </form>
  );
}

function ProductTypes() {
  const t = useMessages();
  const types = useProductTypes();
  const add = useAddProductType();
  const remove = useDeleteProductType();
  const [name, setName] = useState('');
  return (
    <section aria-labelledby="product-types-heading">
      <h2 id="product-types-heading" className={card.queueHeading}>
        {t('products.title')}
      </h2>
      <ul className={card.values} data-testid="product-types">
        {types.data?.map((type) => (
          <li key={type.id}>
            <bdi dir="auto">{type.name}</bdi>{' '}
            <button
              type="button"
              className="btn btn--ghost"
              disabled={remove.isPending}
              onClick={() => window.confirm(t('products.confirmDelete', { name: type.name })) && remove.mutate(type)}
            >
              {t('products.delete')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className={card.filters}
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(name, { onSuccess: () => setName('') });
        }}
      >
        <label>
          {t('products.name')}
          <input
            required
            dir="auto"
            maxLength={BRAND_RULES.productTypeNameMaxLength}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          {t('products.add')}
        </button>
      </form>
    </section>
  );
}
