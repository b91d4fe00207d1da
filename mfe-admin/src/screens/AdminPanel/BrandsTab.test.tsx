import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@zaytoon/web-kit/fake-api';
import { fakeHost, renderWithHost } from '../../test/harness';
import { BrandsTab } from './BrandsTab';

const starbucks = { id: 3, name: 'Examplebucks', slug: 'examplebucks' };

describe("the admins' Brands tab", () => {
  it('lists the brands and the product types, and adds a brand with its source', async () => {
    const api = fakeApi({
      listBrands: async () => [starbucks],
      productTypes: async () => [{ id: 1, name: 'Olive oil', slug: 'olive-oil' }],
      createBrand: async ({ body }: { body: object }) => ({ id: 4, slug: 'newbucks', sources: [], alternatives: 0, ...body }),
    });
    renderWithHost(<BrandsTab />, fakeHost({ api }));
    expect(await screen.findByText('Examplebucks')).toBeTruthy();
    expect(await screen.findByText('Olive oil')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add a brand' }));
    await userEvent.type(screen.getByLabelText('Brand name'), 'Newbucks');
    await userEvent.type(screen.getByLabelText('Short reason'), 'Named by the campaign');
    await userEvent.selectOptions(screen.getByLabelText('Kind of source'), 'Public statement');
    await userEvent.type(screen.getByLabelText('Link'), 'https://news.example/a');
    await userEvent.type(screen.getByLabelText('Quote or description'), 'Listed by the campaign');
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('createBrand', {
        body: {
          name: 'Newbucks',
          reason: 'Named by the campaign',
          sources: [expect.objectContaining({ kind: 'Public statement', url: 'https://news.example/a', description: 'Listed by the campaign' })],
        },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('brand-form')).toBeNull());
  });
});
