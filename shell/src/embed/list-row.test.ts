import { describe, expect, it } from 'vitest';
import type { Business, CoverPhoto } from '@zaytoon/contract/client';
import { loadMessages } from './i18n/messages';
import { listRow } from './list-row';

const business = {
  id: 42,
  name: 'Olive Cafe',
  category: 'Cafe',
  city: 'Leeds',
  cover: null,
} as unknown as Business;

const cover: CoverPhoto = {
  photo_id: 9,
  url: '/api/uploads/photos/7/0123456789abcdef0123-320.webp',
  width: 320,
  height: 240,
  alt_text: 'The shop front',
  username: 'amal',
  licence: 'CC BY-SA 4.0',
};

describe("the embed's list row", () => {
  it("shows the cover's smallest size lazily, with its width, height and alt text, before the name", async () => {
    const row = listRow({ ...business, cover }, await loadMessages('en'));
    const image = row.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(cover.url);
    expect(image.getAttribute('alt')).toBe('The shop front');
    expect(image.getAttribute('width')).toBe('320');
    expect(image.getAttribute('height')).toBe('240');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(row.firstElementChild).toBe(image);
    expect(row.querySelector('a')?.href).toMatch(/\/business\/42$/);
  });

  it('shows no image for a business without a cover', async () => {
    const row = listRow(business, await loadMessages('en'));
    expect(row.querySelector('img')).toBeNull();
    expect(row.textContent).toContain('Olive Cafe');
    expect(row.textContent).toContain('Cafe · Leeds');
  });
});
