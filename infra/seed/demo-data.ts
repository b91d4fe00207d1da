import {
  normaliseSocialLink,
  sourcesText,
  SUGGESTABLE_FIELDS,
  WEEKDAYS,
  type SocialNetwork,
  type SourceKind,
  type SuggestableField,
} from '@zaytoon/contract';
import { outcodeTable } from '@zaytoon/core';
import { Prng } from './prng';
import {
  ADDRESS_UNITS,
  CATEGORY_KINDS,
  CATEGORY_WEIGHTS,
  COMMENT_DETAILS,
  COMMENT_OPENERS,
  COMMENT_SHORT,
  DEMO_CATEGORIES,
  DEMO_CITIES,
  DESCRIPTION_EXTRAS,
  FOOD_CATEGORIES,
  FOOD_EXTRAS,
  MEMBER_FIRST_NAMES,
  MEMBER_LAST_NAMES,
  NAME_PREFIXES,
  NEIGHBOUR_CATEGORY,
  OWNER_FIRST_NAMES,
  PAIR_WORDS,
  PLACE_WORDS,
  PROOF_OF_SUPPORT,
  REPORT_DESCRIPTIONS,
  REPORT_REASONS,
  STREET_NAMES,
  SUGGESTION_REASONS,
  type DemoCategory,
} from './word-lists';

/**
 * Pure, deterministic generation of the demo data set (no database access).
 * The same seed always gives the same rows; only timestamps move with `now`.
 */

export const DEFAULT_SEED = 0x7a17_0015;
export const DEMO_MEMBER_COUNT = 40;
export const DEMO_MEMBER_PASSWORD = 'demo-password';
export { WEEKDAYS, SUGGESTABLE_FIELDS, type SuggestableField };

const DAY_MS = 86_400_000;
const EIGHTEEN_MONTHS_DAYS = 548;

export interface DemoMember {
  name: string;
  username: string;
  email: string;
  createdAt: Date;
}

export interface DemoBusiness {
  name: string;
  /** 'Name in English letters', for the names in Arabic script. */
  nameLatin?: string;
  address: string;
  city: string;
  postcode: string;
  category: DemoCategory;
  /** Index into CATEGORY_KINDS[category]: the name and the description agree on it. */
  kind: number;
  description: string;
  phone: string;
  website: string;
  /** Its sources of proof of support, newest first. */
  sources: DemoSource[];
  businessHours: Partial<Record<(typeof WEEKDAYS)[number], string>>;
  socialMedia: Partial<Record<'facebook' | 'twitter' | 'instagram', string>>;
  latitude: number | null;
  longitude: number | null;
  verified: boolean;
  /** Index into members, or null for an anonymous listing. */
  owner: number | null;
  createdAt: Date;
}

export interface DemoSource {
  kind: SourceKind;
  url: string;
  description: string;
  /** YYYY-MM-DD, before the business was listed. */
  date: string;
}

export interface DemoVote {
  business: number;
  member: number;
  voteType: 'upvote' | 'downvote';
  createdAt: Date;
}

export interface DemoComment {
  business: number;
  member: number;
  text: string;
  createdAt: Date;
}

export interface DemoSuggestion {
  business: number;
  /** null: the suggester has since deleted their account (shown as Unknown). */
  member: number | null;
  fieldName: SuggestableField;
  suggestedValue: string;
  currentValue: string;
  reason: string;
  suggestionType: 'add_missing' | 'edit_existing';
  createdAt: Date;
}

export interface DemoReport {
  business: number;
  member: number;
  reason: (typeof REPORT_REASONS)[number];
  description: string;
  createdAt: Date;
}

export interface DemoData {
  members: DemoMember[];
  businesses: DemoBusiness[];
  votes: DemoVote[];
  comments: DemoComment[];
  suggestions: DemoSuggestion[];
  reports: DemoReport[];
}

/** Postcode unit letters never include C, I, K, M, O or V. */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/['.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

function between(rng: Prng, from: Date, to: Date): Date {
  const start = from.getTime();
  const end = Math.max(start, to.getTime());
  return new Date(Math.floor(start + rng.next() * (end - start)));
}

function later(a: Date, b: Date): Date {
  return a.getTime() > b.getTime() ? a : b;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function generateDemoData(now: Date = new Date(), seed: number = DEFAULT_SEED): DemoData {
  const rng = new Prng(seed);
  const outcodes = outcodeTable();
  const members = makeMembers(rng, now);
  const businesses = makeBusinesses(rng, now, members, outcodes);
  const votes = makeVotes(rng, now, members, businesses);
  const comments = makeComments(rng, now, members, businesses);
  const suggestions = makeSuggestions(rng, now, members, businesses);
  const reports = makeReports(rng, now, members, businesses);
  businesses.push(...scriptNamedBusinesses(businesses));
  return { members, businesses, votes, comments, suggestions, reports };
}

function makeMembers(rng: Prng, now: Date): DemoMember[] {
  const members: DemoMember[] = [];
  const lastNames = rng.shuffle(MEMBER_LAST_NAMES);
  for (let i = 0; i < DEMO_MEMBER_COUNT; i++) {
    const first = MEMBER_FIRST_NAMES[i % MEMBER_FIRST_NAMES.length];
    const last = lastNames[i % lastNames.length];
    const plainLast = last.replace(/[^A-Za-z]/g, '');
    const username = `${first}${plainLast.slice(0, 1)}${i < 10 ? '' : i}`.toLowerCase();
    const email = `${first}.${plainLast}@example.com`.toLowerCase();
    // Most are early members (they own most listings); some joined since; the last five joined this week so
    // "recent registrations" shows.
    const daysAgo =
      i >= DEMO_MEMBER_COUNT - 5
        ? rng.float(0.2, 6.5)
        : i >= DEMO_MEMBER_COUNT - 15
          ? rng.float(14, EIGHTEEN_MONTHS_DAYS - 14)
          : rng.float(EIGHTEEN_MONTHS_DAYS + 5, EIGHTEEN_MONTHS_DAYS + 60);
    const createdAt = new Date(now.getTime() - daysAgo * DAY_MS);
    members.push({ name: `${first} ${last}`, username, email, createdAt });
  }
  return members;
}

export function businessName(rng: Prng, category: DemoCategory, kind: number): string {
  const suffix = rng.pick(CATEGORY_KINDS[category][kind].suffixes);
  const pattern = rng.weighted([
    ['prefix', 45],
    ['the', 8],
    ['street', 15],
    ['person', 17],
    ['pair', 15],
  ] as const);
  switch (pattern) {
    case 'prefix':
      return `${rng.pick(NAME_PREFIXES)} ${suffix}`;
    case 'the':
      return `The ${rng.pick(NAME_PREFIXES)} ${suffix}`;
    case 'street':
      return `${rng.pick(PLACE_WORDS)} Street ${suffix}`;
    case 'person':
      return `${rng.pick(OWNER_FIRST_NAMES)}'s ${suffix}`;
    case 'pair': {
      const [a, b] = rng.sample(PAIR_WORDS, 2);
      return `${a} & ${b} ${suffix}`;
    }
  }
}

export function postcodeIn(rng: Prng, district: string): string {
  const letter = () => INWARD_LETTERS[rng.int(0, INWARD_LETTERS.length - 1)];
  return `${district} ${rng.int(0, 9)}${letter()}${letter()}`;
}

export function phoneFor(rng: Prng, prefix: string | null): string {
  const digits = (n: number) => String(rng.int(0, 10 ** n - 1)).padStart(n, '0');
  if (rng.chance(0.22)) return `07700 900${digits(3)}`; // Ofcom drama range for mobiles
  if (prefix) return `${prefix}${digits(3)}`;
  return `01632 960${digits(3)}`; // Ofcom drama range for a national number
}

export function hoursFor(rng: Prng, category: DemoCategory): DemoBusiness['businessHours'] {
  if (rng.chance(0.08)) return {};
  let weekday: string;
  let saturday: string;
  let sunday: string;
  switch (category) {
    case 'Restaurant':
      weekday = rng.pick(['12:00 PM - 10:00 PM', '11:30 AM - 10:30 PM', '5:00 PM - 11:00 PM']);
      saturday = rng.pick(['12:00 PM - 11:00 PM', '11:00 AM - 11:30 PM']);
      sunday = rng.pick(['12:00 PM - 9:00 PM', '1:00 PM - 9:30 PM', 'Closed']);
      break;
    case 'Cafe':
    case 'Bakery':
      weekday = rng.pick(['7:30 AM - 5:00 PM', '7:00 AM - 4:00 PM', '8:00 AM - 6:00 PM']);
      saturday = rng.pick(['8:00 AM - 5:00 PM', '9:00 AM - 4:00 PM']);
      sunday = rng.pick(['9:00 AM - 3:00 PM', '10:00 AM - 4:00 PM', 'Closed']);
      break;
    case 'Grocery':
      weekday = rng.pick(['8:00 AM - 10:00 PM', '7:00 AM - 11:00 PM', '9:00 AM - 9:00 PM']);
      saturday = weekday;
      sunday = rng.pick(['10:00 AM - 4:00 PM', '9:00 AM - 9:00 PM']);
      break;
    case 'Health':
    case 'Tech & Services':
    case 'Education':
      weekday = rng.pick(['9:00 AM - 5:30 PM', '8:30 AM - 6:00 PM', '9:00 AM - 5:00 PM']);
      saturday = rng.pick(['9:00 AM - 1:00 PM', 'Closed', '10:00 AM - 4:00 PM']);
      sunday = 'Closed';
      break;
    default:
      weekday = rng.pick(['9:00 AM - 6:00 PM', '10:00 AM - 6:00 PM', '9:30 AM - 5:30 PM']);
      saturday = rng.pick(['10:00 AM - 5:00 PM', '9:00 AM - 6:00 PM']);
      sunday = rng.pick(['11:00 AM - 4:00 PM', 'Closed']);
  }
  const hours: DemoBusiness['businessHours'] = {
    monday: rng.chance(0.15) ? 'Closed' : weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: rng.chance(0.2) && !weekday.startsWith('5:') ? weekday.replace(/ - .*$/, ' - 8:00 PM') : weekday,
    friday: category === 'Restaurant' ? saturday : rng.chance(0.1) ? '9:00 AM - 12:30 PM' : weekday,
    saturday,
    sunday,
  };
  // Some listings leave days out: the page shows 'Closed' for them.
  if (rng.chance(0.15)) delete hours.sunday;
  if (rng.chance(0.08)) {
    delete hours.saturday;
    delete hours.sunday;
  }
  if (rng.chance(0.05)) delete hours.wednesday;
  return hours;
}

export function socialFor(rng: Prng, name: string): DemoBusiness['socialMedia'] {
  if (rng.chance(0.25)) return {};
  const handle = slugify(name)
    .replace(/-/g, rng.chance(0.5) ? '' : '_')
    .slice(0, 28);
  const social: DemoBusiness['socialMedia'] = {};
  const networks = rng.sample(['facebook', 'twitter', 'instagram'] as const, rng.int(1, 3));
  for (const network of networks) {
    const style = rng.weighted([
      ['handle', 45],
      ['url', 45],
      ['bare', 10],
    ] as const);
    if (style === 'url') {
      const site = {
        facebook: rng.pick(['https://facebook.com/', 'https://www.facebook.com/']),
        twitter: rng.pick(['https://twitter.com/', 'https://x.com/']),
        instagram: rng.pick(['https://instagram.com/', 'https://www.instagram.com/']),
      }[network];
      social[network] = site + handle;
    } else if (style === 'handle' && network !== 'facebook') {
      social[network] = `@${handle}`;
    } else {
      social[network] = handle;
    }
  }
  // Stored the way the API stores user input: handles become http(s) links (CONTRACT.md).
  return Object.fromEntries(Object.entries(social).map(([network, value]) => [network, normaliseSocialLink(network as SocialNetwork, value)]));
}

function descriptionFor(rng: Prng, category: DemoCategory, kind: number, city: string): string {
  if (rng.chance(0.03)) return '';
  const values = { city, year: String(rng.int(1995, 2021)) };
  const sentences = [fill(rng.pick(CATEGORY_KINDS[category][kind].openers), values)];
  const extras = rng.weighted([
    [0, 30],
    [1, 45],
    [2, 25],
  ] as const);
  const pool = FOOD_CATEGORIES.includes(category) ? [...FOOD_EXTRAS, ...DESCRIPTION_EXTRAS] : DESCRIPTION_EXTRAS;
  for (const extra of rng.sample(pool, extras)) sentences.push(fill(extra, values));
  return sentences.join(' ');
}

function makeBusinesses(rng: Prng, now: Date, members: DemoMember[], outcodes: ReturnType<typeof outcodeTable>): DemoBusiness[] {
  const categoryWeights = DEMO_CATEGORIES.map((category) => [category, CATEGORY_WEIGHTS[category]] as const);
  const usedNames = new Set<string>();
  const businesses: DemoBusiness[] = [];
  const earliest = new Date(now.getTime() - EIGHTEEN_MONTHS_DAYS * DAY_MS);

  // Deal the cities out round-robin so ids are not grouped by city.
  const queue: (typeof DEMO_CITIES)[number][] = [];
  for (const city of DEMO_CITIES) {
    const known = city.districts.filter((district) => outcodes.has(district));
    if (known.length === 0) throw new Error(`No known postcode district for ${city.city}`);
    for (let i = 0; i < city.businesses; i++) queue.push({ ...city, districts: known });
  }

  for (const city of rng.shuffle(queue)) {
    // Cover every category at least once before weighting kicks in.
    const category = businesses.length < DEMO_CATEGORIES.length ? DEMO_CATEGORIES[businesses.length] : rng.weighted(categoryWeights);
    const kind = rng.int(0, CATEGORY_KINDS[category].length - 1);
    let name = businessName(rng, category, kind);
    for (let attempt = 0; usedNames.has(name.toLowerCase()) && attempt < 25; attempt++) {
      name = businessName(rng, category, kind);
    }
    if (usedNames.has(name.toLowerCase())) name = `${name} ${city.city}`;
    for (let n = 2; usedNames.has(name.toLowerCase()); n++) name = `${name.replace(/ \d+$/, '')} ${n}`;
    usedNames.add(name.toLowerCase());

    const district = rng.pick(city.districts);
    const postcode = postcodeIn(rng, district);
    const centre = outcodes.get(district)!;
    const mapped = rng.chance(0.9);
    const createdAt = between(rng, earliest, now);
    const possibleOwners = members
      .map((member, index) => ({ member, index }))
      .filter(({ member }) => member.createdAt.getTime() <= createdAt.getTime());
    const owner = possibleOwners.length > 0 && rng.chance(0.8) ? rng.pick(possibleOwners).index : null;
    const slug = slugify(name);
    const number = rng.chance(0.1) ? `${rng.int(1, 60)}${rng.pick(['a', 'b'])}` : String(rng.int(1, 240));
    const street = `${number} ${rng.pick(STREET_NAMES)}`;
    const proofCount = rng.chance(0.3) ? 2 : 1;

    businesses.push({
      name,
      address: rng.chance(0.15) ? `${rng.pick(ADDRESS_UNITS)}, ${street}` : street,
      city: city.city,
      postcode,
      category,
      kind,
      description: descriptionFor(rng, category, kind, city.city),
      phone: rng.chance(0.08) ? '' : phoneFor(rng, city.phonePrefix),
      website: rng.chance(0.2) ? '' : `https://${rng.chance(0.5) ? 'www.' : ''}${slug}.example${rng.chance(0.3) ? '/' : ''}`,
      sources: rng.sample(PROOF_OF_SUPPORT, proofCount).map((proof, index) => demoSource(proof, slug, createdAt, index)),
      businessHours: hoursFor(rng, category),
      socialMedia: socialFor(rng, name),
      latitude: mapped ? round6(centre.latitude + rng.float(-0.008, 0.008)) : null,
      longitude: mapped ? round6(centre.longitude + rng.float(-0.008, 0.008)) : null,
      verified: rng.chance(0.4),
      owner,
      createdAt,
    });
  }
  return businesses;
}

/** Names in Arabic and Urdu script, with their English letters. */
const SCRIPT_NAMED: { name: string; nameLatin: string; category: DemoCategory }[] = [
  { name: 'مطعم الزيتون', nameLatin: 'Matam Al Zaytoun', category: 'Restaurant' },
  { name: 'زیتون کیفے', nameLatin: 'Zaitoon Cafe', category: 'Cafe' },
  { name: 'مخبز القدس', nameLatin: 'Makhbaz Al Quds', category: 'Bakery' },
];

/**
 * Added after everything else is generated, each like the first business of its category, so the rest of the
 * demo data (names, votes, comments, suggestions) stays as it was.
 */
function scriptNamedBusinesses(businesses: DemoBusiness[]): DemoBusiness[] {
  return SCRIPT_NAMED.map(({ name, nameLatin, category }) => {
    const model = businesses.find((business) => business.category === category)!;
    const slug = slugify(nameLatin);
    const modelSite = `https://${slugify(model.name)}.example`;
    return {
      ...model,
      name,
      nameLatin,
      website: model.website && `https://${slug}.example`,
      socialMedia: {},
      sources: model.sources.map((source) => ({ ...source, url: source.url.replace(modelSite, `https://${slug}.example`) })),
    };
  });
}

function membersActiveSince(members: DemoMember[], when: Date): number[] {
  return members.flatMap((member, index) => (member.createdAt.getTime() <= when.getTime() ? [index] : []));
}

function makeVotes(rng: Prng, now: Date, members: DemoMember[], businesses: DemoBusiness[]): DemoVote[] {
  const votes: DemoVote[] = [];
  const allMembers = members.map((_, index) => index);
  businesses.forEach((business, index) => {
    const voters = rng.sample(allMembers, Math.floor(rng.next() ** 1.6 * 15));
    const upRate = rng.chance(0.06) ? rng.float(0.15, 0.45) : rng.float(0.6, 0.97);
    for (const member of voters) {
      votes.push({
        business: index,
        member,
        voteType: rng.chance(upRate) ? 'upvote' : 'downvote',
        createdAt: between(rng, later(business.createdAt, members[member].createdAt), now),
      });
    }
  });
  return votes;
}

function commentText(rng: Prng): string {
  const kind = rng.weighted([
    ['short', 10],
    ['normal', 70],
    ['long', 20],
  ] as const);
  if (kind === 'short') return rng.pick(COMMENT_SHORT);
  const details = rng.sample(COMMENT_DETAILS, kind === 'normal' ? rng.int(0, 2) : rng.int(6, 14));
  let text: string;
  if (kind === 'normal') {
    text = [rng.pick(COMMENT_OPENERS), ...details].join(' ');
  } else {
    // A few paragraphs.
    const half = Math.ceil(details.length / 2);
    text = [[rng.pick(COMMENT_OPENERS), ...details.slice(0, half)].join(' '), details.slice(half).join(' ')].join('\n\n');
  }
  if (text.length > 1000)
    text = text
      .slice(0, 1000)
      .replace(/\s+\S*$/, '')
      .trimEnd();
  return text;
}

function makeComments(rng: Prng, now: Date, members: DemoMember[], businesses: DemoBusiness[]): DemoComment[] {
  const comments: DemoComment[] = [];
  // Some businesses attract lots of comments, most get a few, many get none.
  const weights = businesses.map((_, index) => [index, rng.next() ** 3] as const);
  while (comments.length < 300) {
    const business = rng.weighted(weights);
    const candidates = membersActiveSince(members, businesses[business].createdAt);
    const member = rng.pick(candidates.length > 0 ? candidates : members.map((_, index) => index));
    comments.push({
      business,
      member,
      text: commentText(rng),
      createdAt: between(rng, later(businesses[business].createdAt, members[member].createdAt), now),
    });
  }
  return comments;
}

/** Sources with a page of their own link to one on the business's (fictional) site; each is a few weeks older than the last. */
function demoSource(proof: (typeof PROOF_OF_SUPPORT)[number], slug: string, listedAt: Date, index: number): DemoSource {
  const page = proof.kind === 'Public statement' ? 'statement' : proof.kind === 'Social media post' ? 'posts/palestine' : null;
  return {
    ...proof,
    url: page ? `https://${slug}.example/${page}` : '',
    date: isoDay(new Date(listedAt.getTime() - (30 + 45 * index) * DAY_MS)),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The demo data has no brands to suggest a business is an alternative to. */
type GeneratedField = Exclude<SuggestableField, 'alternative_to'>;

function currentValueText(business: DemoBusiness, field: GeneratedField): string {
  switch (field) {
    case 'business_hours':
      return Object.keys(business.businessHours).length ? JSON.stringify(business.businessHours) : '';
    case 'social_media':
      return Object.keys(business.socialMedia).length ? JSON.stringify(business.socialMedia) : '';
    case 'proof_of_support':
      return sourcesText(business.sources);
    case 'name_latin':
      return business.nameLatin ?? '';
    case 'special_hours':
      return '';
    default:
      return business[field];
  }
}

function suggestedValueFor(rng: Prng, business: DemoBusiness, field: GeneratedField): string {
  const slug = slugify(business.name);
  switch (field) {
    case 'description': {
      const values = { city: business.city, year: '2015' };
      const opener = rng.pick(CATEGORY_KINDS[business.category][business.kind].openers);
      return `${fill(opener, values)} ${fill(rng.pick(DESCRIPTION_EXTRAS), values)}`;
    }
    case 'phone':
      return phoneFor(rng, null);
    case 'website':
      return `https://${slug}-${business.city.toLowerCase().replace(/[^a-z]+/g, '-')}.example`;
    case 'business_hours':
      return JSON.stringify({
        monday: '9:00 AM - 5:00 PM',
        tuesday: '9:00 AM - 5:00 PM',
        wednesday: '9:00 AM - 5:00 PM',
        thursday: '9:00 AM - 7:00 PM',
        friday: '9:00 AM - 5:00 PM',
        saturday: '10:00 AM - 4:00 PM',
        sunday: 'Closed',
      });
    case 'social_media':
      return JSON.stringify({ instagram: `@${slug.replace(/-/g, '')}`, facebook: `https://facebook.com/${slug.replace(/-/g, '')}` });
    case 'proof_of_support':
      return JSON.stringify({ ...rng.pick(PROOF_OF_SUPPORT), url: '', date: isoDay(business.createdAt) });
    case 'category':
      return NEIGHBOUR_CATEGORY[business.category];
    case 'name_latin':
      return business.nameLatin ?? '';
    case 'special_hours':
      return JSON.stringify([{ label: 'Eid al-Fitr', first_date: '2027-03-10', last_date: '2027-03-10', closed: true }]);
  }
}

/** The fields random suggestions are drawn from: the list before name_latin, special_hours and alternative_to joined it, so the draws stay as they were. */
const GENERATED_SUGGESTION_FIELDS = SUGGESTABLE_FIELDS.filter(
  (field): field is GeneratedField => field !== 'name_latin' && field !== 'special_hours' && field !== 'alternative_to',
);

function makeSuggestions(rng: Prng, now: Date, members: DemoMember[], businesses: DemoBusiness[]): DemoSuggestion[] {
  const suggestions: DemoSuggestion[] = [];
  const used = new Set<string>();
  const add = (business: number, fieldName: GeneratedField, member: number) => {
    const key = `${business}:${fieldName}`;
    if (used.has(key)) return;
    used.add(key);
    const target = businesses[business];
    const currentValue = currentValueText(target, fieldName);
    const suggestedValue = suggestedValueFor(rng, target, fieldName);
    if (suggestedValue === currentValue) return;
    const since = later(later(target.createdAt, members[member].createdAt), new Date(now.getTime() - 45 * DAY_MS));
    suggestions.push({
      business,
      member,
      fieldName,
      suggestedValue,
      currentValue,
      reason: rng.pick(SUGGESTION_REASONS),
      suggestionType: currentValue.trim() === '' ? 'add_missing' : 'edit_existing',
      createdAt: between(rng, since, now),
    });
  };
  const suggester = (business: number) => {
    const owner = businesses[business].owner;
    return rng.pick(members.map((_, index) => index).filter((index) => index !== owner));
  };

  // Missing information first, so 'add_missing' suggestions exist.
  const missing: [GeneratedField, (b: DemoBusiness) => boolean][] = [
    ['phone', (b) => b.phone === ''],
    ['website', (b) => b.website === ''],
    ['social_media', (b) => Object.keys(b.socialMedia).length === 0],
    ['business_hours', (b) => Object.keys(b.businessHours).length === 0],
    ['description', (b) => b.description === ''],
  ];
  for (const [field, isMissing] of missing) {
    const candidates = businesses.flatMap((b, index) => (isMissing(b) ? [index] : []));
    if (candidates.length > 0) {
      const business = rng.pick(candidates);
      add(business, field, suggester(business));
    }
  }
  // Then edits of existing values; one business collects three so its page lists several.
  const busy = rng.int(0, businesses.length - 1);
  for (const field of ['phone', 'business_hours', 'category'] as const) add(busy, field, suggester(busy));
  while (suggestions.length < 15) {
    const business = rng.int(0, businesses.length - 1);
    add(business, rng.pick(GENERATED_SUGGESTION_FIELDS), suggester(business));
  }
  // One suggester has since deleted their account: the page shows 'Unknown'.
  suggestions[suggestions.length - 1].member = null;
  return suggestions;
}

function makeReports(rng: Prng, now: Date, members: DemoMember[], businesses: DemoBusiness[]): DemoReport[] {
  const reports: DemoReport[] = [];
  const unverified = businesses.flatMap((b, index) => (b.verified ? [] : [index]));
  const targets = rng.sample(unverified, 5);
  const perBusiness = [5, 3, 2, 1, 1];
  targets.forEach((business, position) => {
    const reporters = rng.sample(
      members.map((_, index) => index).filter((index) => index !== businesses[business].owner),
      perBusiness[position],
    );
    for (const member of reporters) {
      const reason = rng.weighted(REPORT_REASONS.map((r) => [r, r === 'Other' ? 1 : 3] as const));
      reports.push({
        business,
        member,
        reason,
        description: rng.chance(0.15) ? '' : rng.pick(REPORT_DESCRIPTIONS[reason]),
        createdAt: between(rng, later(later(businesses[business].createdAt, members[member].createdAt), new Date(now.getTime() - 30 * DAY_MS)), now),
      });
    }
  });
  return reports;
}
