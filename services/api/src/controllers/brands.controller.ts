import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';

/** Brands and their alternatives, and the Palestinian products businesses stock. */
export function brandsController(
  core: Core,
): Pick<
  RouteHandlers,
  | 'listBrands'
  | 'getBrand'
  | 'productTypes'
  | 'setBusinessAlternatives'
  | 'setBusinessProducts'
  | 'createBrand'
  | 'updateBrand'
  | 'deleteBrand'
  | 'createProductType'
  | 'deleteProductType'
> {
  const { brands } = core.services;
  return {
    listBrands: ({ query }) => brands.list(query),
    getBrand: ({ params, user }) => brands.getBySlug(params.slug, user),
    productTypes: () => brands.productTypes(),
    setBusinessAlternatives: ({ id, body, user }) => brands.setAlternatives(id, body.brands, user),
    setBusinessProducts: ({ id, body, user }) => brands.setProducts(id, body, user),
    createBrand: ({ body, user }) => brands.create(body, user),
    updateBrand: ({ id, body, user }) => brands.update(id, body, user),
    deleteBrand: ({ id, user }) => brands.delete(id, user),
    createProductType: ({ body, user }) => brands.createProductType(body, user),
    deleteProductType: ({ id, user }) => brands.deleteProductType(id, user),
  };
}
