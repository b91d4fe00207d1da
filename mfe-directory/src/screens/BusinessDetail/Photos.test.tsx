import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@zaytoon/contract/client';
import { preloadContractMessages } from '@zaytoon/web-kit/contract-messages';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { preloadMessages } from '../../i18n/messages';
import { fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { Photos } from './Photos';

const photo = (id: number, extra: Partial<Photo> = {}): Photo => ({
  id,
  business_id: 5,
  uploader_id: 9,
  username: 'layla',
  from_owner: false,
  alt_text: `Photo ${id}`,
  licence: 'CC BY-SA 4.0',
  state: 'ready',
  sizes: [320, 800, 1600].map((width) => ({ width, height: (width * 3) / 4, url: `/api/uploads/photos/9/p${id}-${width}.webp` })),
  is_cover: false,
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const FIRST_PAGE = { items: [photo(3), photo(2, { from_owner: true, username: 'owner', uploader_id: member.id })], total: 3, nextCursor: 'next' };
const SECOND_PAGE = { items: [photo(1)], total: 3, nextCursor: null };

function setUp(options: { user?: typeof member | null; language?: 'ar'; isOwner?: boolean } = {}) {
  const api = fakeApi({
    listPhotos: async ({ query }) => (query?.cursor ? SECOND_PAGE : FIRST_PAGE),
    deletePhoto: async () => ({ message: 'Photo deleted' }),
    uploadPhoto: async () => photo(4, { state: 'pending', sizes: [] }),
    setCoverPhoto: async () => ({ message: 'Cover photo chosen' }),
    reportPhoto: async () => ({ message: 'Report submitted successfully' }),
  });
  const host = fakeHost({
    api,
    session: fakeSession(options.user === undefined ? member : options.user),
    ...(options.language ? { language: createLanguageStore(options.language) } : {}),
  });
  renderScreen(<Photos businessId={5} isOwner={options.isOwner ?? false} />, { host });
  return { api, host, callPage: vi.mocked(api.callPage), call: vi.mocked(api.call) };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('dir');
});

describe('the photo gallery', () => {
  it('shows thumbnails with srcset, alt text, width and height, labelled by source and credited, paged', async () => {
    const { callPage } = setUp();
    const items = await screen.findAllByTestId('photo');
    expect(callPage).toHaveBeenCalledWith('listPhotos', { id: 5, query: { limit: 12, cursor: undefined } }, expect.anything());
    expect(screen.getByRole('heading', { name: 'Photos (3)' })).toBeTruthy();
    const image = within(items[0]).getByRole('img', { name: 'Photo 3' }) as HTMLImageElement;
    expect(image.getAttribute('srcset')).toBe(
      '/api/uploads/photos/9/p3-320.webp 320w, /api/uploads/photos/9/p3-800.webp 800w, /api/uploads/photos/9/p3-1600.webp 1600w',
    );
    expect(image.getAttribute('src')).toBe('/api/uploads/photos/9/p3-320.webp');
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual(['320', '240', 'lazy']);
    expect(within(items[0]).getByTestId('photo-source').textContent).toBe('From the community');
    expect(items[0].textContent).toContain('Photo: layla · CC BY-SA 4.0');
    expect(within(items[1]).getByTestId('photo-source').textContent).toBe('From the owner');
    // Only the uploader's own photo offers Delete.
    expect(within(items[0]).queryByRole('button', { name: 'Delete photo: Photo 3' })).toBeNull();
    expect(within(items[1]).getByRole('button', { name: 'Delete photo: Photo 2' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more photos' }));
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more photos' })).toBeNull();
  });

  it('opens the full-size view and steps through it with the arrow keys, reversed right to left', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'View full size: Photo 3' }));
    const viewer = await screen.findByTestId('photo-viewer');
    expect(within(viewer).getByRole('img', { name: 'Photo 3' }).getAttribute('src')).toBe('/api/uploads/photos/9/p3-1600.webp');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(within(screen.getByTestId('photo-viewer')).getByRole('img', { name: 'Photo 2' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(within(screen.getByTestId('photo-viewer')).getByRole('img', { name: 'Photo 3' })).toBeTruthy();

    document.documentElement.dir = 'rtl';
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(within(screen.getByTestId('photo-viewer')).getByRole('img', { name: 'Photo 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(within(screen.getByTestId('photo-viewer')).getByRole('img', { name: 'Photo 3' })).toBeTruthy();
  });

  it('the upload dialog lists the photos that help, shows the licence, and sends the file, alt text and licence', async () => {
    const { call } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a photo' }));
    const form = await screen.findByTestId('photo-upload-form');
    for (const wanted of ['the shop front', 'the inside', 'products', 'proof of support, such as a sign or a poster']) {
      expect(within(form).getByText(wanted)).toBeTruthy();
    }
    expect(within(form).getByTestId('photo-licence').textContent).toContain('CC BY-SA 4.0');
    const upload = within(form).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(form).getByLabelText(/Photo \(JPEG, PNG or WebP/), { target: { files: [file] } });
    expect(upload.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Alt text/), { target: { value: 'Green shop front with a flag' } });
    fireEvent.click(upload);
    await waitFor(() => expect(call).toHaveBeenCalledWith('uploadPhoto', { id: 5, body: expect.any(FormData) }));
    const sent = call.mock.calls.find(([name]) => name === 'uploadPhoto')![1] as unknown as { body: FormData };
    expect(sent.body.get('alt_text')).toBe('Green shop front with a flag');
    expect(sent.body.get('licence')).toBe('CC BY-SA 4.0');
    expect((sent.body.get('file') as File).name).toBe('front.jpg');
  });

  it("offers 'Make cover' to the business's owner only, and marks the cover", async () => {
    const { call } = setUp({ isOwner: true });
    const items = await screen.findAllByTestId('photo');
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Make cover: Photo 3' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('setCoverPhoto', { id: 3 }));
  });

  it('a member who is not the owner gets no cover choice; the cover is marked', async () => {
    const api = fakeApi({ listPhotos: async () => ({ items: [photo(3, { is_cover: true }), photo(2)], total: 2, nextCursor: null }) });
    renderScreen(<Photos businessId={5} isOwner={false} />, { host: fakeHost({ api, session: fakeSession(member) }) });
    const items = await screen.findAllByTestId('photo');
    expect(within(items[0]).getByTestId('photo-cover').textContent).toBe('Cover photo');
    expect(screen.queryByRole('button', { name: /Make cover/ })).toBeNull();
  });

  it('a member reports a photo with a reason', async () => {
    const { call } = setUp();
    const items = await screen.findAllByTestId('photo');
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Report photo: Photo 3' }));
    const form = await screen.findByTestId('photo-report-form');
    const submit = within(form).getByRole('button', { name: 'Submit Report' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Not this shop' } });
    fireEvent.click(submit);
    await waitFor(() => expect(call).toHaveBeenCalledWith('reportPhoto', { id: 3, body: { reason: 'Not this shop' } }));
  });

  it('asks a visitor to log in before adding a photo', async () => {
    const { host } = setUp({ user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a photo' }));
    expect(host.toast.error).toHaveBeenCalledWith('Please log in to add a photo');
    expect(screen.queryByTestId('photo-upload-form')).toBeNull();
  });
});

describe('the photo gallery in Arabic', () => {
  it('labels and credits the photos in Arabic', async () => {
    await Promise.all([preloadMessages('ar'), preloadContractMessages('ar')]);
    setUp({ language: 'ar' });
    const items = await screen.findAllByTestId('photo');
    expect(within(items[0]).getByTestId('photo-source').textContent).toBe('من المجتمع');
    expect(within(items[1]).getByTestId('photo-source').textContent).toBe('من المالك');
    expect(screen.getByRole('heading', { name: 'الصور (3)' })).toBeTruthy();
  });
});
