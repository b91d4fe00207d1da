import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useCityOptions } from '../../features/directory/api/get-filter-options';
import { useDebounced } from '../../lib/useDebounced';
import fieldStyles from '../../ui/Field.module.css';
import combobox from './CityCombobox.module.css';

// The list's code downloads when the visitor first opens it (as its cities do).
const CityOptions = lazy(() => import('./CityOptions'));

/** Cities listed at once: typing narrows the rest down (thousands of cities make no usable list). */
export const CITY_OPTIONS_SHOWN = 50;
/** The server is asked for the typed text's cities once typing pauses this long. */
export const CITY_SEARCH_DELAY_MS = 200;

const ALL = 'all';
/** Before the list's code and cities are in, it holds 'All Cities' alone. */
const ONLY_ALL = [ALL];

interface Props {
  label: string;
  /** SPEC's 'All Cities': the first option, and the placeholder while no city is chosen. */
  allLabel: string;
  /** The chosen city, or 'all'. */
  value: string;
  onChoose: (city: string) => void;
}

/**
 * The city filter (SPEC §2's city dropdown) as an editable combobox with a list (WAI-ARIA combobox pattern): typing
 * narrows the cities, the arrow keys move through the options, Enter chooses, Escape closes. The cities are asked for
 * when the list is first opened, and then for each text typed: the server answers the first matches only.
 */
export function CityCombobox({ label, allLabel, value, onChoose }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const chosenText = value === ALL ? '' : value;
  const [wanted, setWanted] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const search = useDebounced((text ?? '').trim(), CITY_SEARCH_DELAY_MS);
  const cities = useCityOptions(search, CITY_OPTIONS_SHOWN, { enabled: wanted });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const optionsRef = useRef<string[]>(ONLY_ALL);

  // While the visitor has not typed, the box shows the city in effect and the list starts from the top.
  const shownText = text ?? chosenText;

  const openList = () => {
    setWanted(true);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    setText(null);
  };
  const choose = (option: string) => {
    close();
    if (option !== value) onChoose(option);
  };
  const moveTo = (index: number) => {
    setActive(index);
    listRef.current?.children[index]?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const options = optionsRef.current;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        openList();
        if (event.altKey) return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      moveTo(active < 0 && step < 0 ? options.length - 1 : (active + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const typed = shownText.trim().toLocaleLowerCase();
      const exact = options.find((option) => option !== ALL && option.toLocaleLowerCase() === typed);
      if (active >= 0) choose(options[active]);
      else if (exact) choose(exact);
      else if (!typed) choose(ALL);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className={`${fieldStyles.field} ${combobox.field}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        placeholder={allLabel}
        value={shownText}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          openList();
        }}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul ref={listRef} id={listId} role="listbox" aria-label={label} className={combobox.list} hidden={!open}>
        {open && (
          <Suspense fallback={null}>
            <CityOptions
              id={id}
              allLabel={allLabel}
              cities={cities}
              value={value}
              text={text}
              active={active}
              optionsRef={optionsRef}
              activeClassName={combobox.active}
              onChoose={choose}
            />
          </Suspense>
        )}
      </ul>
    </div>
  );
}
