import { LIMITS } from '@zaytoon/contract/client';

/** How long each business field may be (the contract's limits), for the form's and the suggestion's inputs. */
export const BUSINESS_FIELD_MAX_LENGTH = {
  name: LIMITS.shortFieldMaxLength,
  name_latin: LIMITS.nameLatinMaxLength,
  address: LIMITS.shortFieldMaxLength,
  city: LIMITS.cityMaxLength,
  postcode: LIMITS.postcodeMaxLength,
  category: LIMITS.categoryMaxLength,
  phone: LIMITS.phoneMaxLength,
  website: LIMITS.urlMaxLength,
  description: LIMITS.textFieldMaxLength,
  proof_of_support: LIMITS.textFieldMaxLength,
  facebook: LIMITS.socialLinkMaxLength,
  twitter: LIMITS.socialLinkMaxLength,
  instagram: LIMITS.socialLinkMaxLength,
  hours: LIMITS.businessHoursMaxLength,
} as const;

/** Fields long enough to show 'n/max characters' under them. */
export const isLongText = (max: number) => max >= LIMITS.textFieldMaxLength;
