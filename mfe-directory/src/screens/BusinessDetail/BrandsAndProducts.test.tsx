import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { listPage } from '../../test/directoryFakes';
import { BrandsAndProducts } from './BrandsAndProducts';
import { PalestinianProducts } from './PalestinianProducts';

const oliveOil = { id: 1, name: 'Olive oil', slug: 'olive-oil' };
const photo = (id: number, alt: string): Photo => ({
  id,
  business_id: 5,
  uploader_id: member.id,
  username: member.username,
  from_owner: true,
  alt_text: alt,
  licence: 'CC BY-SA 4.0',
  state: 'ready',
  sizes: [320, 800].map((width) => ({ width, height: (width * 3) / 4, url: `/api/uploads/photos/2/p${id}-${width}.webp` })),
  is_cover: false,
  created_at: '2026-11-20T10:00:00.000Z',
});

afterEach(() => vi.restoreAllMocks());

describe('the Palestinian products its owner says the business stocks', () => {
  it('may be shown by one of the business photos instead of a source', async () => {
    const api = fakeApi({
      productTypes: async () => [oliveOil],
      listPhotos: async () => listPage([photo(7, 'The shop front'), photo(6, 'Zaytoun oil on the shelf')]),
      setBusinessProducts: async () => ({ products: [oliveOil], source: null, photo: photo(6, 'Zaytoun oil on the shelf') }),
    });
    renderScreen(<BrandsAndProducts business={business({ id: 5, palestinian_products: { products: [], source: null, photo: null } })} />, {
      host: fakeHost({ api, session: fakeSession(member) }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Olive oil' }));
    const proof = screen.getByRole('group', { name: 'What shows it' });
    expect(within(proof).getByLabelText('Kind of source')).toBeTruthy();
    await userEvent.click(within(proof).getByRole('radio', { name: 'A photo of this business' }));
    expect(within(proof).queryByLabelText('Kind of source')).toBeNull();
    await userEvent.selectOptions(within(proof).getByLabelText('Photo that shows the products'), 'Zaytoun oil on the shelf');
    await userEvent.click(screen.getByRole('button', { name: 'Save products' }));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('setBusinessProducts', { id: 5, body: { products: ['olive-oil'], photo_id: 6 } }));
  });

  it('offers older photos than the first page once the owner asks for more', async () => {
    const api = fakeApi({
      productTypes: async () => [oliveOil],
      listPhotos: async ({ query }) =>
        query?.cursor === 'older'
          ? listPage([photo(2, 'Dates in the back room')], 3, null)
          : listPage([photo(7, 'The shop front'), photo(6, 'The counter')], 3, 'older'),
      setBusinessProducts: async () => ({ products: [oliveOil], source: null, photo: photo(2, 'Dates in the back room') }),
    });
    renderScreen(<BrandsAndProducts business={business({ id: 5, palestinian_products: { products: [], source: null, photo: null } })} />, {
      host: fakeHost({ api, session: fakeSession(member) }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Olive oil' }));
    const proof = screen.getByRole('group', { name: 'What shows it' });
    await userEvent.click(within(proof).getByRole('radio', { name: 'A photo of this business' }));
    const choice = within(proof).getByLabelText('Photo that shows the products');
    expect(within(choice).queryByRole('option', { name: 'Dates in the back room' })).toBeNull();
    await userEvent.click(within(proof).getByRole('button', { name: 'Load more photos' }));
    await userEvent.selectOptions(choice, await within(choice).findByRole('option', { name: 'Dates in the back room' }));
    expect(within(proof).queryByRole('button', { name: 'Load more photos' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save products' }));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('setBusinessProducts', { id: 5, body: { products: ['olive-oil'], photo_id: 2 } }));
  });

  it('the business page shows the photo that proves them, with its alt text and sizes', () => {
    renderScreen(<PalestinianProducts stocked={{ products: [oliveOil], source: null, photo: photo(6, 'Zaytoun oil on the shelf') }} />, {
      host: fakeHost(),
    });
    const image = screen.getByRole('img', { name: 'Zaytoun oil on the shelf' });
    expect(image.getAttribute('srcset')).toBe('/api/uploads/photos/2/p6-320.webp 320w, /api/uploads/photos/2/p6-800.webp 800w');
    expect(screen.getByTestId('palestinian-products').textContent).toBe('Olive oil');
  });
});
