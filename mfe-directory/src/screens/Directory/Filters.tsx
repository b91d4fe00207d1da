import { SelectField, TextField } from '../../ui/Field';

export interface FilterValues {
  search: string;
  category: string;
  city: string;
}

interface Props {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  categories: string[];
  cities: string[];
  view: 'locations' | 'map';
  onViewChange: (view: 'locations' | 'map') => void;
}

/** Search, category, city, view toggle and the removable chips of active filters (SPEC §2). */
export function Filters({ values, onChange, categories, cities, view, onViewChange }: Props) {
  const update = (patch: Partial<FilterValues>) => onChange({ ...values, ...patch });
  const chips: Array<{ key: keyof FilterValues; label: string; value: string; reset: string }> = [];
  if (values.search.trim()) chips.push({ key: 'search', label: 'Search', value: values.search.trim(), reset: '' });
  if (values.category !== 'all') chips.push({ key: 'category', label: 'Category', value: values.category, reset: 'all' });
  if (values.city !== 'all') chips.push({ key: 'city', label: 'City', value: values.city, reset: 'all' });
  const selects = [
    { key: 'category', label: 'Category', allLabel: 'All Categories', options: categories },
    { key: 'city', label: 'City', allLabel: 'All Cities', options: cities },
  ] as const;

  return (
    <section className="zd-card zd-filters" aria-label="Filters">
      <div className="zd-filters__row">
        <TextField
          id="zd-search"
          label="Search businesses"
          hideLabel
          className="zd-filters__search"
          type="search"
          placeholder="Search businesses..."
          value={values.search}
          onChange={(event) => update({ search: event.target.value })}
        />
        {selects.map(({ key, label, allLabel, options }) => (
          <SelectField
            key={key}
            id={`zd-${key}`}
            label={label}
            hideLabel
            value={values[key]}
            onChange={(event) => update({ [key]: event.target.value })}
          >
            <option value="all">{allLabel}</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
        ))}
        <div className="zd-toggle" role="group" aria-label="View">
          <button
            type="button"
            className="zd-toggle__button"
            aria-pressed={view === 'map'}
            onClick={() => onViewChange('map')}
          >
            Map View
          </button>
          <button
            type="button"
            className="zd-toggle__button"
            aria-pressed={view === 'locations'}
            onClick={() => onViewChange('locations')}
          >
            Locations View
          </button>
        </div>
      </div>
      {chips.length > 0 && (
        <ul className="zd-chips" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                className="zd-chip"
                data-testid={`chip-${chip.key}`}
                aria-label={`Remove ${chip.label.toLowerCase()} filter ${chip.value}`}
                onClick={() => update({ [chip.key]: chip.reset })}
              >
                {chip.label}: {chip.value} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
