import { DUPLICATE_RULES, type DuplicateCandidate, type duplicateCheckQuerySchema, type Valid } from '@zaytoon/contract';
import { lookupOutcode } from '../geo/outcodes';
import { compactPostcode, type DuplicatesRepository, type TypedPlace } from './duplicates.repository';

/** The typed postcode as the check compares it: compact, and its district centre (businesses' positions come from theirs). */
export function typedPlace(postcode: string): TypedPlace {
  const centre = lookupOutcode(postcode);
  return { compactPostcode: compactPostcode(postcode), latitude: centre?.latitude ?? null, longitude: centre?.longitude ?? null };
}

/** Issue #14: 'This may already be listed' while a member adds a business. */
export class DuplicatesService {
  constructor(private readonly duplicates: DuplicatesRepository) {}

  check(query: Valid<typeof duplicateCheckQuerySchema>): Promise<DuplicateCandidate[]> {
    return this.duplicates.candidates(query.name, typedPlace(query.postcode), DUPLICATE_RULES.maxCandidates);
  }
}
