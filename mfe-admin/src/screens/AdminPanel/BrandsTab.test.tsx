import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

  it('deletes a brand or a product type only once the admin confirms, and says so', async () => {
    const oliveOil = { id: 1, name: 'Olive oil', slug: 'olive-oil' };
    const api = fakeApi({
      listBrands: async () => [starbucks],
      productTypes: async () => [oliveOil],
      deleteBrand: async () => ({ message: 'Brand "Examplebucks" deleted' }),
      deleteProductType: async () => ({ message: 'Product type "Olive oil" deleted' }),
    });
    const host = fakeHost({ api });
    renderWithHost(<BrandsTab />, host);
    const brandRow = (await screen.findByText('Examplebucks')).closest('li')!;
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);

    await userEvent.click(within(brandRow).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Delete the brand "Examplebucks"?'));
    expect(api.call).not.toHaveBeenCalledWith('deleteBrand', expect.anything());

    confirm.mockReturnValue(true);
    await userEvent.click(within(brandRow).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('deleteBrand', { id: starbucks.id }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Brand "Examplebucks" deleted'));

    const typeRow = screen.getByText('Olive oil').closest('li')!;
    await userEvent.click(within(typeRow).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('Delete the product type "Olive oil"?'));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('deleteProductType', { id: oliveOil.id }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Product type "Olive oil" deleted'));
  });
});
