import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCityOptions } from '../../features/directory/api/get-filter-options';
import { useDebounced } from '../../lib/useDebounced';
import fieldStyles from '../../ui/Field.module.css';
import combobox from './CityCombobox.module.css';

/** Cities listed at once: typing narrows the rest down (thousands of cities make no usable list). */
export const CITY_OPTIONS_SHOWN = 50;
/** The server is asked for the typed text's cities once typing pauses this long. */
export const CITY_SEARCH_DELAY_MS = 200;

const ALL = 'all';

/**
 * The cities of `cities` holding `text`, those that start with it first, in the server's order otherwise: the last
 * answer narrowed at once while the server is asked for the new text's cities.
 */
export function narrowCities(cities: string[], text: string): string[] {
  const query = text.trim().toLocaleLowerCase();
  if (!query) return cities;
  const holding = cities.filter((city) => city.toLocaleLowerCase().includes(query));
  return [
    ...holding.filter((city) => city.toLocaleLowerCase().startsWith(query)),
    ...holding.filter((city) => !city.toLocaleLowerCase().startsWith(query)),
  ];
}

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
  const [wanted, setWanted] = useState(false);
  const chosenText = value === ALL ? '' : value;
  const [text, setText] = useState<string | null>(null);
  const search = useDebounced((text ?? '').trim(), CITY_SEARCH_DELAY_MS);
  const cities = useCityOptions(search, CITY_OPTIONS_SHOWN, { enabled: wanted });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  // While the visitor has not typed, the box shows the city in effect and the list starts from the top.
  const shownText = text ?? chosenText;
  const options = useMemo(() => [ALL, ...narrowCities(cities, text ?? '')], [cities, text]);

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
        {open &&
          options.map((option, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard chooses through the combobox (arrow keys and Enter, aria-activedescendant), as WAI-ARIA's pattern has it
            <li
              key={option}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              data-chosen={option === value || undefined}
              className={index === active ? combobox.active : undefined}
              // Choosing with the pointer must not blur the box first (which would close the list).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option === ALL ? allLabel : option}
            </li>
          ))}
      </ul>
    </div>
  );
}
