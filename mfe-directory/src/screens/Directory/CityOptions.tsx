import { useEffect, useMemo, type RefObject } from 'react';

/** The first option: every city. */
const ALL_CITIES = 'all';

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
  /** The combobox's id: each option's id derives from it, for aria-activedescendant. */
  id: string;
  allLabel: string;
  /** The server's cities for the last text asked about. */
  cities: string[];
  /** The chosen city, or 'all'. */
  value: string;
  /** What the visitor typed, or null while the box shows the city in effect. */
  text: string | null;
  active: number;
  /** The options shown, for the combobox's keys (arrows and Enter). */
  optionsRef: RefObject<string[]>;
  /** The class of the option the keys point at (the combobox's styles: this list brings none of its own). */
  activeClassName: string;
  onChoose: (option: string) => void;
}

/**
 * The open list of the city combobox: the server's cities narrowed at once to the typed text.
 */
export default function CityOptions({ id, allLabel, cities, value, text, active, optionsRef, activeClassName, onChoose }: Props) {
  const options = useMemo(() => [ALL_CITIES, ...narrowCities(cities, text ?? '')], [cities, text]);
  useEffect(() => {
    optionsRef.current = options;
  }, [options, optionsRef]);

  return options.map((option, index) => (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard chooses through the combobox (arrow keys and Enter, aria-activedescendant), as WAI-ARIA's pattern has it
    <li
      key={option}
      id={`${id}-option-${index}`}
      role="option"
      aria-selected={index === active}
      data-chosen={option === value || undefined}
      className={index === active ? activeClassName : undefined}
      // Choosing with the pointer must not blur the box first (which would close the list).
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option)}
    >
      {option === ALL_CITIES ? allLabel : option}
    </li>
  ));
}
