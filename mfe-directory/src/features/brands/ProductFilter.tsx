import { useState } from 'react';
import { useListMessages } from '../../i18n/list-messages';
import { SelectField } from '../../ui/Field';
import { useProductTypes } from './api';
import { useProductTypeName } from './product-type-name';

/** 'Palestinian products': any of them, or one type from the admins' list. */
export function ProductFilter({ id, value, onChoose }: { id: string; value: string; onChoose: (slug: string) => void }) {
  const t = useListMessages();
  // The types are asked for once the visitor reaches for the list (or arrives with one chosen).
  const [wanted, setWanted] = useState(false);
  const types = useProductTypes({ enabled: wanted || !!value });
  const nameOf = useProductTypeName();
  return (
    <SelectField
      id={id}
      label={t('filters.products')}
      hideLabel
      value={value}
      data-testid="product-filter"
      onFocus={() => setWanted(true)}
      onPointerDown={() => setWanted(true)}
      onChange={(event) => onChoose(event.target.value)}
    >
      <option value="">{t('filters.products')}</option>
      <option value="any">{t('filters.stocksAny')}</option>
      {value && value !== 'any' && !types.some((type) => type.slug === value) && <option value={value}>{value}</option>}
      {types.map((type) => (
        <option key={type.id} value={type.slug}>
          {nameOf(type)}
        </option>
      ))}
    </SelectField>
  );
}
