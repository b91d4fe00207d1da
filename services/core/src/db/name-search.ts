import { escapeLike } from './like-pattern';

/**
 * SQL true when the name of the business `alias` holds the search at `placeholder`, folded as the directory folds
 * names (case, accents, Arabic letter forms); a null search matches every business. The folded name has a trigram
 * index (migration 036), so a search of a queue that spans the directory does not read every business.
 */
export const nameHoldsSql = (alias: string, placeholder: string): string => textHoldsSql(`${alias}.name`, placeholder);

/** `nameHoldsSql` for a name that is not a row's `name` column (a submitted business's name inside its JSON). */
export const textHoldsSql = (text: string, placeholder: string): string =>
  `(${placeholder}::text IS NULL OR search_fold(${text}) LIKE '%' || search_fold(${placeholder}::text) || '%')`;

/** The value for `nameHoldsSql`'s placeholder: the search as a LIKE pattern's literal middle, or null for none. */
export const nameSearchParam = (search: string | undefined): string | null => (search ? escapeLike(search) : null);
