import { useId } from 'react';
import { useStore } from 'zustand';
import { isLanguage, LANGUAGES } from '@zaytoon/contract/client';
import { useHost } from './host';

/** The top bar's language menu: each language named in its own script, so a reader finds theirs whatever the page shows. */
export function LanguageMenu({ label }: { label: string }) {
  const store = useHost().language;
  const language = useStore(store, (state) => state.language);
  const id = useId();
  return (
    <span data-testid="language-menu">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className="btn btn--ghost"
        value={language}
        onChange={(event) => isLanguage(event.target.value) && store.getState().setLanguage(event.target.value)}
      >
        {LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code} dir={option.dir}>
            {option.name}
          </option>
        ))}
      </select>
    </span>
  );
}
