import { useEffect, useId, useRef, useState } from 'react';
import { BRAND_RULES, type BrandSummary } from '@zaytoon/contract/client';
import { useListMessages } from '../../i18n/list-messages';
import { useDebounced } from '../../lib/useDebounced';
import { useBrand, useBrandOptions } from './api';
import fieldStyles from '../../ui/Field.module.css';
import { foldName } from './fold-name';

const SEARCH_DELAY_MS = 200;

/**
 * 'Alternative to…': a searchable list of the brands (the browser's own list for a text box), asked of the server as the
 * visitor types. Typing a brand's whole name, or picking it, chooses it; emptying the box drops the filter.
 */
export function BrandFilter({
  value,
  onChoose,
  takeFocus = false,
}: {
  value: string;
  onChoose: (slug: string, brand?: BrandSummary) => void;
  /** Shown by a click ('More filters'): the box takes the focus the clicked button had. */
  takeFocus?: boolean;
}) {
  const t = useListMessages();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const search = useDebounced((text ?? '').trim(), SEARCH_DELAY_MS);
  const brands = useBrandOptions(search, { enabled: wanted });
  const chosen = useBrand(value || null).data;
  const shown = text ?? (value ? (chosen?.name ?? value) : '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) input.current?.focus();
    // On arrival only.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus is taken once, when shown
  }, []);

  // The typed text names a brand once the server's list for it holds that name (which may come after the last key).
  useEffect(() => {
    if (text === null) return;
    const typed = foldName(text.trim());
    const named = typed ? brands.find((brand) => foldName(brand.name) === typed) : null;
    if (named === null && value) onChoose('');
    else if (named && named.slug !== value) onChoose(named.slug, named);
  }, [text, brands, value, onChoose]);

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className="visually-hidden">
        {t('filters.alternativeTo')}
      </label>
      <input
        id={id}
        type="text"
        list={`${id}-brands`}
        autoComplete="off"
        data-testid="brand-filter"
        placeholder={t('filters.alternativeTo')}
        ref={input}
        maxLength={BRAND_RULES.nameMaxLength}
        value={shown}
        onFocus={() => setWanted(true)}
        onChange={(event) => {
          setWanted(true);
          setText(event.target.value);
        }}
        onBlur={() => setText(null)}
      />
      <datalist id={`${id}-brands`}>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.name} />
        ))}
      </datalist>
    </div>
  );
}
