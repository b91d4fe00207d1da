import { BRAND_RULES, coded } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { badRequest, conflict, notFound } from '../errors/domain-error';
import { BrandsRepository } from './brands.repository';

/**
 * A member's 'Alternative to <brand>' suggestion: the brand must exist and the business not be tagged with it yet.
 * Answers the suggestion's current value: the brands the business is already an alternative to.
 */
export async function alternativeSuggestion(db: Queryable, businessId: number, slug: string): Promise<string> {
  const brands = new BrandsRepository(db);
  const [brand] = await brands.bySlugs([slug]);
  if (!brand) throw badRequest('brandUnknown', { suggested_value: coded('brandUnknown') });
  const current = (await brands.alternativesOf([businessId])).get(businessId) ?? [];
  if (current.some((tagged) => tagged.id === brand.id)) throw conflict('alreadyAlternative');
  return current.map((tagged) => tagged.name).join(', ');
}

/** An approved suggestion tags the business (a tag it already has stays as it is). */
export async function approveAlternative(db: Queryable, businessId: number, slug: string, suggesterId: number | null): Promise<void> {
  const brands = new BrandsRepository(db);
  const [brand] = await brands.bySlugs([slug], true);
  if (!brand) throw notFound('brandNotFound');
  if ((await brands.countAlternativesOf(businessId)) >= BRAND_RULES.maxPerBusiness) throw conflict('tooManyAlternatives');
  await brands.addAlternative(businessId, brand.id, suggesterId);
}
