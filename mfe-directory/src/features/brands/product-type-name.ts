import { useListMessages } from '../../i18n/list-messages';

/** The product types migration 038 seeds: the catalogs name them in every language, by slug (a slug never changes). */
const SEEDED_TYPES = ['olive-oil', 'zaatar', 'dates', 'maftoul', 'soap', 'ceramics', 'embroidery', 'books'] as const;
type SeededType = (typeof SEEDED_TYPES)[number];
const isSeeded = (slug: string): slug is SeededType => (SEEDED_TYPES as readonly string[]).includes(slug);

/** A product type's name in the page's language; a type the admins added since reads as they named it. */
export function useProductTypeName() {
  const t = useListMessages();
  return (type: { slug: string; name: string }) => (isSeeded(type.slug) ? t(`productType.${type.slug}`) : type.name);
}
