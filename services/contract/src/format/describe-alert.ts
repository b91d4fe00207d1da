import type { Alert } from '../schemas/alert.schema';

/** The words an alert is said in: each the last part of an `alerts.*` key of the mails' and the pages' catalogs. */
export type AlertWord =
  | 'inCity'
  | 'inCategory'
  | 'matching'
  | 'verifiedOnly'
  | 'notVerified'
  | 'withHours'
  | 'alternativeTo'
  | 'stocksAny'
  | 'stocksProduct'
  | 'everything';

/** An alert's filters; one a queued mail from before it existed lacks is no filter. */
export type DescribableAlert = Partial<
  Pick<
    Alert,
    | 'city'
    | 'category'
    | 'search'
    | 'verified'
    | 'open_now'
    | 'alternative_to'
    | 'alternative_to_name'
    | 'palestinian_product'
    | 'palestinian_product_name'
  >
>;

/**
 * An alert in words, as its mails head it and Account settings lists it: 'In Manchester · Cafe · Matching "falafel"';
 * 'All new businesses' without filters. `say` gives a word in the reader's language; `productName` a product type's
 * name in it (the seeded types are translated, an admin's are said as named).
 */
export function describeAlert(
  alert: DescribableAlert,
  say: (word: AlertWord, values?: Record<string, string>) => string,
  productName: (type: { slug: string; name: string | null }) => string,
): string {
  const product = alert.palestinian_product;
  const parts = [
    alert.city && say('inCity', { city: alert.city }),
    alert.category && say('inCategory', { category: alert.category }),
    alert.search && say('matching', { search: alert.search }),
    alert.verified === true && say('verifiedOnly'),
    alert.verified === false && say('notVerified'),
    alert.open_now && say('withHours'),
    alert.alternative_to && say('alternativeTo', { brand: alert.alternative_to_name ?? alert.alternative_to }),
    product === 'any' && say('stocksAny'),
    product && product !== 'any' && say('stocksProduct', { product: productName({ slug: product, name: alert.palestinian_product_name ?? null }) }),
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' · ') : say('everything');
}
