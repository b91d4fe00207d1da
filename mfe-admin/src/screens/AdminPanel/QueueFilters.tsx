import { useState, type FormEvent } from 'react';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';

/**
 * A queue's search by business name and its one filter (reason or field). The search applies when submitted (Enter or
 * 'Search'), the filter when chosen; both live in the page's URL, so a reload or a shared link keeps them.
 */
export function QueueFilters<Value extends string>({
  search,
  filter,
  onChange,
}: {
  search: string;
  filter: { label: string; all: string; value: Value | undefined; options: readonly { value: Value; label: string }[] };
  onChange: (change: { search: string; filter: Value | undefined }) => void;
}) {
  const t = useMessages();
  const [typed, setTyped] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: typed.trim(), filter: filter.value });
  };
  return (
    <form role="search" className={card.filters} onSubmit={submit}>
      <label>
        {t('queue.search')}
        <input type="search" name="search" value={typed} maxLength={200} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <button type="submit" className="btn btn--outline">
        {t('queue.searchButton')}
      </button>
      <label>
        {filter.label}
        <select
          value={filter.value ?? ''}
          onChange={(event) => onChange({ search: typed.trim(), filter: (event.target.value || undefined) as Value | undefined })}
        >
          <option value="">{filter.all}</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
