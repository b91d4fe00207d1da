import { SOCIAL_NETWORKS, WEEKDAYS, type BusinessDetail, type BusinessInput } from '@zaytoon/contract/client';
import { draftFromSource, emptySourceDraft, sourceInputOf, todayIso, type SourceDraft } from '../../features/business/sources/sourceDraft';

export interface BusinessFormValues {
  name: string;
  name_latin: string;
  category: string;
  phone: string;
  description: string;
  address: string;
  city: string;
  postcode: string;
  website: string;
  facebook: string;
  twitter: string;
  instagram: string;
  sources: SourceDraft[];
  hours: Record<string, string>;
  /** 'Show only the area, not the street address'. */
  areaOnly: boolean;
}

export const EMPTY_FORM: BusinessFormValues = {
  name: '',
  name_latin: '',
  category: '',
  phone: '',
  description: '',
  address: '',
  city: '',
  postcode: '',
  website: '',
  facebook: '',
  twitter: '',
  instagram: '',
  sources: [],
  hours: {},
  areaOnly: false,
};

/**
 * SPEC §3: categories come from the server only (a list of our own split the filter: 'Books' beside 'Bookshop').
 * The business's own category stays choosable while it is edited.
 */
export function categoryOptions(fromServer: readonly string[], current: string): string[] {
  const all = new Set(fromServer.filter(Boolean));
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b, 'en-GB'));
}

/** A business listed before sources (its text only) starts with that text as one 'Other' source. */
function draftsOf(business: BusinessDetail): SourceDraft[] {
  if (business.sources?.length) return business.sources.map(draftFromSource);
  if (!business.proof_of_support) return [];
  return [{ ...emptySourceDraft(), kind: 'Other', description: business.proof_of_support, date: todayIso() }];
}

export function valuesFromBusiness(business: BusinessDetail): BusinessFormValues {
  const social = business.social_media ?? {};
  return {
    name: business.name ?? '',
    name_latin: business.name_latin ?? '',
    category: business.category ?? '',
    phone: business.phone ?? '',
    description: business.description ?? '',
    address: business.address ?? '',
    city: business.city ?? '',
    postcode: business.postcode ?? '',
    website: business.website ?? '',
    facebook: social.facebook ?? '',
    twitter: social.twitter ?? '',
    instagram: social.instagram ?? '',
    sources: draftsOf(business),
    hours: { ...(business.business_hours ?? {}) },
    areaOnly: business.location_precision === 'area',
  };
}

/** SPEC §5: empty hours and social entries are dropped; the whole object is omitted when empty. */
export function toBusinessInput(values: BusinessFormValues): BusinessInput {
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, values.hours[day]?.trim() ?? '']).filter(([, text]) => text));
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, values[network].trim()]).filter(([, text]) => text));
  const input: BusinessInput = {
    name: values.name.trim(),
    name_latin: values.name_latin.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    category: values.category.trim(),
    description: values.description.trim(),
    phone: values.phone.trim(),
    website: values.website.trim(),
    sources: values.sources.map(sourceInputOf),
    location_precision: values.areaOnly ? 'area' : 'exact',
  };
  if (Object.keys(hours).length) input.business_hours = hours;
  if (Object.keys(social).length) input.social_media = social;
  return input;
}
