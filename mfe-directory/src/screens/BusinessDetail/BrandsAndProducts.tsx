import { useState } from 'react';
import type { BrandSummary, BusinessDetail } from '@zaytoon/contract/client';
import { useFieldErrors } from '@zaytoon/web-kit/contract-messages';
import { useProductTypes } from '../../features/brands/api';
import { BrandFilter } from '../../features/brands/BrandFilter';
import { useSaveTags } from '../../features/brands/use-tags';
import { usePhotos } from '../../features/photos/api/photos';
import { SourceFields } from '../../features/business/sources/SourceFields';
import { draftFromSource, emptySourceDraft, sourceInputOf } from '../../features/business/sources/sourceDraft';
import { useMessages } from '../../i18n/messages';
import { SelectField } from '../../ui/Field';
import { MoreButton } from '../../ui/MoreButton';
import forms from '../../ui/forms.module.css';
import { useProductTypeName } from '../../features/brands/product-type-name';
import styles from '../../features/brands/Brands.module.css';

/** The owner's and admins' part of the page: the brands the business is an alternative to, and the Palestinian products it stocks. */
export function BrandsAndProducts({ business }: { business: BusinessDetail }) {
  const t = useMessages();
  const save = useSaveTags(business.id);
  return (
    <div data-testid="brands-and-products" className={styles.tags}>
      <Alternatives current={business.alternatives ?? []} onSave={(slugs) => save.alternatives.mutate(slugs)} saving={save.alternatives.isPending} />
      <h3 className={forms.sectionTitle}>{t('tags.products')}</h3>
      <Products business={business} save={save.products} />
    </div>
  );
}

function Alternatives({ current, onSave, saving }: { current: BrandSummary[]; onSave: (slugs: string[]) => void; saving: boolean }) {
  const t = useMessages();
  const [chosen, setChosen] = useState(current);
  // The picker starts empty again after each brand it adds.
  const [picker, setPicker] = useState(0);
  const add = (_slug: string, brand?: BrandSummary) => {
    setPicker((key) => key + 1);
    if (brand && !chosen.some((one) => one.slug === brand.slug)) setChosen((list) => [...list, brand]);
  };
  return (
    <>
      <h3 className={forms.sectionTitle}>{t('tags.alternatives')}</h3>
      <ul className={styles.offers}>
        {chosen.map((brand) => (
          <li key={brand.slug}>
            <button type="button" className="btn btn--outline" onClick={() => setChosen((list) => list.filter((one) => one.slug !== brand.slug))}>
              {t('tags.removeBrand', { brand: brand.name })} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <BrandFilter key={picker} value="" onChoose={add} />
      <button type="button" className="btn btn--primary" disabled={saving} onClick={() => onSave(chosen.map((brand) => brand.slug))}>
        {t('tags.saveAlternatives')}
      </button>
    </>
  );
}

type Proof = 'source' | 'photo';

function Products({ business, save }: { business: BusinessDetail; save: ReturnType<typeof useSaveTags>['products'] }) {
  const t = useMessages();
  const types = useProductTypes();
  const nameOf = useProductTypeName();
  const photos = usePhotos(business.id);
  const stocked = business.palestinian_products;
  const [chosen, setChosen] = useState<string[]>(stocked?.products.map((type) => type.slug) ?? []);
  const [source, setSource] = useState(() => (stocked?.source ? draftFromSource(stocked.source) : emptySourceDraft()));
  const [proof, setProof] = useState<Proof>(stocked?.photo && !stocked.source ? 'photo' : 'source');
  // The gallery's photos read so far (newest first, more on demand), and the one chosen before if it is older than those.
  const photoChoices = [...(stocked?.photo && !photos.items.some((photo) => photo.id === stocked.photo!.id) ? [stocked.photo] : []), ...photos.items];
  const [photoId, setPhotoId] = useState<number | undefined>(stocked?.photo?.id);
  const errors = useFieldErrors(save.error);
  const sourceErrors = Object.fromEntries(Object.entries(errors).flatMap(([key, text]) => (key.startsWith('source.') ? [[key.slice(7), text]] : [])));
  const toggle = (slug: string, on: boolean) => setChosen((list) => (on ? [...list, slug] : list.filter((one) => one !== slug)));
  const byPhoto = proof === 'photo' && photoChoices.length > 0;
  const proofInput = () => (byPhoto ? { photo_id: photoId ?? photoChoices[0].id } : { source: sourceInputOf(source) });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ products: chosen, ...(chosen.length ? proofInput() : {}) });
      }}
    >
      <fieldset>
        <legend className="visually-hidden">{t('tags.products')}</legend>
        {types.map((type) => (
          <label key={type.id}>
            <input type="checkbox" checked={chosen.includes(type.slug)} onChange={(event) => toggle(type.slug, event.target.checked)} />{' '}
            <span dir="auto">{nameOf(type)}</span>
          </label>
        ))}
      </fieldset>
      {chosen.length > 0 && (
        <fieldset>
          <legend>{photoChoices.length ? t('tags.proof') : t('tags.source')}</legend>
          {photoChoices.length > 0 &&
            (['source', 'photo'] as const).map((kind) => (
              <label key={kind}>
                <input type="radio" name="products-proof" checked={proof === kind} onChange={() => setProof(kind)} />{' '}
                {t(kind === 'source' ? 'tags.proofSource' : 'tags.proofPhoto')}
              </label>
            ))}
          {errors.source && <p role="alert">{errors.source}</p>}
          {byPhoto ? (
            <>
              <SelectField
                label={t('tags.proofPhotoChoice')}
                value={String(photoId ?? photoChoices[0].id)}
                onChange={(event) => setPhotoId(Number(event.target.value))}
                error={errors.photo_id}
              >
                {photoChoices.map((photo) => (
                  <option key={photo.id} value={photo.id}>
                    {photo.alt_text}
                  </option>
                ))}
              </SelectField>
              {photos.hasMore && (
                <MoreButton loading={photos.loadingMore} onMore={photos.loadMore}>
                  {t('photos.loadMore')}
                </MoreButton>
              )}
            </>
          ) : (
            <SourceFields source={source} onChange={setSource} errors={sourceErrors} />
          )}
        </fieldset>
      )}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {t('tags.saveProducts')}
      </button>
    </form>
  );
}
