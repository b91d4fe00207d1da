import type { BusinessProducts } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { PhotosRepository } from '../photos/photos.repository';
import { PRODUCT_SOURCES, SourcesRepository } from '../sources/sources.repository';
import { BrandsRepository } from './brands.repository';

/** The Palestinian products a business stocks, with the source and the photo that show it (what the check fetched for admins only). */
export async function businessProducts(db: Queryable, businessId: number, forAdmin: boolean): Promise<BusinessProducts> {
  const [products, sources, photo] = await Promise.all([
    new BrandsRepository(db).productsOf(businessId),
    new SourcesRepository(db, PRODUCT_SOURCES).list(businessId, forAdmin),
    new PhotosRepository(db).productProofOf(businessId),
  ]);
  return products.length ? { products, source: sources[0] ?? null, photo } : { products, source: null, photo: null };
}
