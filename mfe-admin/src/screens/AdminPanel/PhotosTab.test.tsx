import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPhoto } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, renderWithHost, routeFake } from '../../test/harness';
import { PhotosTab } from './PhotosTab';

const photo = (id: number, extra: Partial<AdminPhoto> = {}): AdminPhoto => ({
  id,
  business_id: 4,
  uploader_id: 9,
  username: 'layla',
  from_owner: false,
  alt_text: `Photo ${id}`,
  licence: 'CC BY-SA 4.0',
  state: 'ready',
  sizes: [{ width: 320, height: 240, url: `/api/uploads/photos/9/p${id}-320.webp` }],
  is_cover: false,
  created_at: '2026-11-20T10:00:00.000Z',
  report_count: 0,
  reasons: [],
  uploader: { account_created_at: '2026-01-02T00:00:00.000Z', photos: 4, photos_removed: 1 },
  ...extra,
});

describe("the admins' Photos tab", () => {
  it("lists recent uploads with their reports and the uploader's record; Remove and Keep call the API", async () => {
    const hidden = photo(2, { state: 'hidden', report_count: 3, reasons: ['Spam', 'Not this shop', 'Blurry'] });
    const api = fakeApi({
      adminPhotos: async () => ({ items: [photo(3), hidden], total: 2, nextCursor: null }),
      removePhoto: async () => ({ message: 'Photo removed' }),
      keepPhoto: async () => ({ message: 'Photo kept: it shows again' }),
    });
    renderWithHost(<PhotosTab />, fakeHost({ api }));
    const cards = await screen.findAllByTestId('admin-photo');
    expect(cards.map((card) => card.dataset.photoId)).toEqual(['3', '2']);
    expect(within(cards[0]).getByRole('img', { name: 'Photo 3' }).getAttribute('src')).toBe('/api/uploads/photos/9/p3-320.webp');
    expect(within(cards[0]).getByTestId('uploader-record').textContent).toContain('layla');
    expect(within(cards[0]).getByTestId('uploader-record').textContent).toContain('photos: 4, removed: 1');
    expect(within(cards[0]).queryByRole('button', { name: 'Keep' })).toBeNull();
    expect(cards[1].textContent).toContain('Hidden by reports');
    expect(cards[1].textContent).toContain('3 reports');
    expect(
      within(cards[1])
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Spam', 'Not this shop', 'Blurry']);

    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(routeFake(api, 'keepPhoto')).toHaveBeenCalledWith({ id: 2 }));
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(routeFake(api, 'removePhoto')).toHaveBeenCalledWith({ id: 3 }));
  });

  it('searches by business name through the API, as the other queues do', async () => {
    const api = fakeApi({
      adminPhotos: async ({ query }) =>
        query?.search ? { items: [photo(3)], total: 1, nextCursor: null } : { items: [photo(3), photo(2)], total: 2, nextCursor: null },
    });
    const adminPhotos = routeFake(api, 'adminPhotos');
    renderWithHost(<PhotosTab />, fakeHost({ api }));
    const cardIds = () => screen.queryAllByTestId('admin-photo').map((card) => card.dataset.photoId);
    await waitFor(() => expect(cardIds()).toEqual(['3', '2']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by business name' }), 'Olive');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(cardIds()).toEqual(['3']));
    expect(adminPhotos).toHaveBeenLastCalledWith({ query: { limit: 20, cursor: undefined, search: 'Olive' } });
  });
});
