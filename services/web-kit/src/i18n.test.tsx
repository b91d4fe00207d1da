import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostContext } from '@zaytoon/contract/client';
import { HostProvider } from './host';
import { defineMessages, openingPageLanguage, type MessageValues } from './i18n';
import { createLanguageStore } from './language-store';

const english = { greeting: 'Hello', count: (values: MessageValues) => `${values.n} businesses found`, onlyEnglish: 'Only in English' };
const arabic = { greeting: 'مرحبا', count: (values: MessageValues) => `${values.n} نشاطًا` };

/** A catalog download the test answers when it chooses. */
function deferredCatalog(catalog: unknown) {
  let answer: () => void = () => {};
  const loader = vi.fn(() => new Promise((resolve) => (answer = () => resolve(catalog))));
  return { loader, answer: () => act(async () => answer()) };
}

afterEach(() => {
  document.documentElement.lang = '';
});

describe('defineMessages outside a render (messagesNow)', () => {
  it("says each message in the page's language, filling in values, with English for a key the translation lacks and the key for an unknown one", async () => {
    const messages = defineMessages(english, { './locales/ar.json': async () => arabic });
    const language = createLanguageStore('ar');
    const t = messages.messagesNow(language);
    expect(t('greeting')).toBe('Hello');
    await messages.preloadMessages('ar');
    expect(t('greeting')).toBe('مرحبا');
    expect(t('count', { n: 3 })).toBe('3 نشاطًا');
    expect(t('onlyEnglish')).toBe('Only in English');
    expect(t('missing' as 'greeting')).toBe('missing');
    language.getState().setLanguage('en');
    expect(t('count', { n: 3 })).toBe('3 businesses found');
  });

  it('downloads each catalog once, and leaves a language whose catalog cannot be fetched in English', async () => {
    const arabicLoader = vi.fn(async () => arabic);
    const messages = defineMessages(english, { './locales/ar.json': arabicLoader, './locales/cy.json': () => Promise.reject(new Error('offline')) });
    await Promise.all([messages.preloadMessages('ar'), messages.preloadMessages('ar')]);
    await messages.preloadMessages('ar');
    expect(arabicLoader).toHaveBeenCalledTimes(1);
    await messages.preloadMessages('cy');
    expect(messages.messagesNow(createLanguageStore('cy'))('greeting')).toBe('Hello');
  });

  it("adds a later screen's English words", () => {
    const messages = defineMessages(english, {});
    messages.addEnglish({ later: 'Said later' });
    expect(messages.messagesNow(createLanguageStore('en'))('later' as 'greeting')).toBe('Said later');
  });
});

describe('useMessages', () => {
  function Greeting({ useMessages }: { useMessages: () => (key: 'greeting') => string }) {
    const t = useMessages();
    return <p data-testid="greeting">{t('greeting')}</p>;
  }

  it('keeps the words it shows after a switch until the new catalog is in, downloading it once', async () => {
    const welsh = deferredCatalog({ greeting: 'Helo' });
    const messages = defineMessages(english, { './locales/ar.json': async () => arabic, './locales/cy.json': welsh.loader });
    await messages.preloadMessages('ar');
    const language = createLanguageStore('ar');
    render(
      <HostProvider value={{ language } as unknown as HostContext}>
        <Greeting useMessages={messages.useMessages} />
      </HostProvider>,
    );
    expect(screen.getByTestId('greeting').textContent).toBe('مرحبا');
    act(() => language.getState().setLanguage('cy'));
    expect(screen.getByTestId('greeting').textContent).toBe('مرحبا');
    expect(welsh.loader).toHaveBeenCalledTimes(1);
    await welsh.answer();
    expect(screen.getByTestId('greeting').textContent).toBe('Helo');
    act(() => language.getState().setLanguage('ar'));
    act(() => language.getState().setLanguage('cy'));
    expect(screen.getByTestId('greeting').textContent).toBe('Helo');
    expect(welsh.loader).toHaveBeenCalledTimes(1);
  });
});

describe('openingPageLanguage', () => {
  it('reads the language the shell set on <html lang>, and English for none or an unknown one', () => {
    document.documentElement.lang = 'ur';
    expect(openingPageLanguage()).toBe('ur');
    document.documentElement.lang = 'fr';
    expect(openingPageLanguage()).toBe('en');
    document.documentElement.lang = '';
    expect(openingPageLanguage()).toBe('en');
  });
});
