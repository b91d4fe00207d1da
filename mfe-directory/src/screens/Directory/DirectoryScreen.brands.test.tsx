import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { fakeApi, fakeHost, renderScreen, routeFake } from '../../test/harness';
import { DirectoryScreen } from './DirectoryScreen';

const starbucks = { id: 4, name: 'Starbucks', slug: 'starbucks' };

describe("/browse's brands and Palestinian products", () => {
  it("typing a brand's name offers 'Alternatives to <brand>' first; choosing it swaps the search for the filter, in the URL", async () => {
    const api = fakeApi({
      listBrands: async ({ query }) => (query?.search && 'starbucks'.includes(String(query.search).toLowerCase()) ? [starbucks] : []),
      getBrand: async () => ({ ...starbucks, reason: 'A reason', sources: [], alternatives: 1 }),
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await userEvent.type(screen.getByPlaceholderText('Search businesses...'), 'starbucks');
    const offer = await screen.findByRole('button', { name: 'Alternatives to Starbucks' });
    await userEvent.click(offer);
    await waitFor(() => expect(screen.getByTestId('location-search').textContent).toBe('?alternative_to=starbucks'));
    expect(await screen.findByTestId('chip-alternativeTo')).toHaveProperty('textContent', 'Alternative to…: Starbucks ×');
    expect(screen.queryByTestId('chip-search')).toBeNull();
    await waitFor(() =>
      expect(routeFake(api, 'directorySummary')).toHaveBeenLastCalledWith({ query: { alternative_to: 'starbucks' } }, expect.anything()),
    );
  });

  it('offers a brand whose name carries accents the visitor did not type (the server finds it by its folded name)', async () => {
    const nestle = { id: 5, name: 'Nestlé', slug: 'nestle' };
    const api = fakeApi({ listBrands: async ({ query }) => (String(query?.search ?? '').length >= 3 ? [nestle] : []) });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await userEvent.type(screen.getByPlaceholderText('Search businesses...'), 'NESTLE');
    expect(await screen.findByRole('button', { name: 'Alternatives to Nestlé' })).toBeTruthy();
  });

  it("'Palestinian products' lists the admins' product types and asks the server for the one chosen", async () => {
    const api = fakeApi({ productTypes: async () => [{ id: 1, name: 'Olive oil', slug: 'olive-oil' }] });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    // the first view has neither 'Alternative to…' nor 'Palestinian products': they come with 'More filters'
    expect(screen.queryByTestId('product-filter')).toBeNull();
    expect(screen.queryByTestId('brand-filter')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More filters' }));
    expect(await screen.findByTestId('brand-filter')).toBe(document.activeElement);
    const filter = screen.getByTestId('product-filter');
    expect(screen.queryByRole('button', { name: 'More filters' })).toBeNull();
    filter.focus();
    await screen.findByRole('option', { name: 'Olive oil' });
    await userEvent.selectOptions(filter, 'olive-oil');
    await waitFor(() => expect(screen.getByTestId('location-search').textContent).toBe('?palestinian_product=olive-oil'));
    await waitFor(() =>
      expect(routeFake(api, 'directorySummary')).toHaveBeenLastCalledWith({ query: { palestinian_product: 'olive-oil' } }, expect.anything()),
    );
  });

  it("names the seeded product types in the page's language, by slug, and a type the admins added as they named it", async () => {
    const api = fakeApi({
      productTypes: async () => [
        { id: 1, name: 'Olive oil', slug: 'olive-oil' },
        { id: 9, name: 'Keffiyehs', slug: 'keffiyehs' },
      ],
    });
    renderScreen(<DirectoryScreen />, {
      path: '/browse?palestinian_product=olive-oil',
      host: fakeHost({ api, language: createLanguageStore('cy') }),
    });
    // a filter in effect shows them from the start
    const filter = await screen.findByTestId('product-filter');
    expect(await screen.findByRole('option', { name: 'Olew olewydd' })).toHaveProperty('value', 'olive-oil');
    expect(screen.getByRole('option', { name: 'Keffiyehs' })).toHaveProperty('value', 'keffiyehs');
    expect(screen.queryByRole('option', { name: 'Olive oil' })).toBeNull();
    expect((filter as HTMLSelectElement).value).toBe('olive-oil');
    await waitFor(() => expect(screen.getByTestId('chip-product').textContent).toBe('Cynhyrchion Palesteinaidd: Olew olewydd ×'));
  });
});
