import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HostProvider } from '@zaytoon/web-kit';
import { BusinessPopup } from '../../map/BusinessPopup';
import { BusinessRow } from '../../screens/Directory/BusinessRow';
import { business, fakeHost } from '../../test/harness';

const cover = {
  photo_id: 7,
  url: '/api/uploads/photos/3/abc-320.webp',
  width: 320,
  height: 240,
  alt_text: 'Green shop front',
  username: 'layla',
  licence: 'CC BY-SA 4.0',
};

function show(ui: React.ReactNode) {
  return render(
    <HostProvider value={fakeHost()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </HostProvider>,
  );
}

describe("a business's cover in the list row and the map popup", () => {
  it('shows the smallest size, lazy, with its width, height and alt text', () => {
    show(<BusinessRow business={business({ cover })} isAdmin={false} />);
    const image = within(screen.getByTestId('business-row')).getByRole('img', { name: 'Green shop front' });
    expect(image.getAttribute('src')).toBe('/api/uploads/photos/3/abc-320.webp');
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual(['320', '240', 'lazy']);
  });

  it('shows it in the map popup too, and nothing for a business without a cover', () => {
    show(<BusinessPopup business={business({ cover })} isAdmin={false} />);
    expect(within(screen.getByTestId('map-popup')).getByTestId('cover-thumbnail').getAttribute('src')).toBe(cover.url);
    document.body.innerHTML = '';
    show(<BusinessRow business={business()} isAdmin={false} />);
    expect(screen.queryByTestId('cover-thumbnail')).toBeNull();
  });
});
