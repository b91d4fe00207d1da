import { isSeededProductType } from '@zaytoon/contract/client';
import { useListMessages } from '../../i18n/list-messages';

/** A product type's name in the page's language; a type the admins added since reads as they named it. */
export function useProductTypeName() {
  const t = useListMessages();
  return (type: { slug: string; name: string }) => (isSeededProductType(type.slug) ? t(`productType.${type.slug}`) : type.name);
}
