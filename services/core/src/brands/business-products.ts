import type { BusinessProducts } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { PRODUCT_SOURCES, SourcesRepository } from '../sources/sources.repository';
import { BrandsRepository } from './brands.repository';

/** The Palestinian products a business stocks, with the source that shows it (what the check fetched for admins only). */
export async function businessProducts(db: Queryable, businessId: number, forAdmin: boolean): Promise<BusinessProducts> {
  const [products, sources] = await Promise.all([
    new BrandsRepository(db).productsOf(businessId),
    new SourcesRepository(db, PRODUCT_SOURCES).list(businessId, forAdmin),
  ]);
  return { products, source: products.length ? (sources[0] ?? null) : null };
}
