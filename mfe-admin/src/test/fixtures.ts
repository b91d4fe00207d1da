import {
  type AdminStatistics,
  type ApiClient,
  type BrokenLink,
  type Claim,
  type Business,
  type DuplicatePair,
  type PausedBusiness,
  type PartnerKey,
  type PartnerSubmission,
  type ListPage,
  type Recheck,
  type Report,
  type Suggestion,
  ApiError,
} from '@zaytoon/contract/client';
import { fakeApi, type RouteFakes } from './harness';

export const report = (id: number, extra: Partial<Report> = {}): Report => ({
  id,
  business_id: 7,
  business_name: 'Olive Tree Cafe',
  reason: 'Does not support Palestine',
  description: `details ${id}`,
  reported_by: 3,
  reporter_username: 'layla',
  created_at: '2024-03-05T10:00:00Z',
  ...extra,
});

export const suggestion = (id: number, extra: Partial<Suggestion> = {}): Suggestion => ({
  id,
  business_id: 7,
  business_name: 'Olive Tree Cafe',
  field_name: 'phone',
  suggested_value: '0113 111 1111',
  current_value: '',
  reason: 'new number',
  suggestion_type: 'add_missing',
  suggester_username: 'sami',
  created_at: '2024-03-05T10:00:00Z',
  ...extra,
});

export const business = (id: number, extra: Partial<Business> = {}): Business =>
  ({
    id,
    name: 'Olive Tree Cafe',
    address: '1 High Street',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    category: 'Cafe',
    description: '',
    phone: '',
    website: '',
    proof_of_support: '',
    business_hours: {},
    social_media: {},
    latitude: null,
    longitude: null,
    vote_score: 0,
    upvotes: 0,
    downvotes: 0,
    verified: false,
    created_at: '2024-01-01T00:00:00Z',
    report_count: 0,
    latest_reports: [],
    ...extra,
  }) as Business;

export const statistics = (extra: Partial<AdminStatistics> = {}): AdminStatistics => ({
  users: { total: 12, admins: 2, regular: 10, recent_registrations: 3 },
  businesses: { total: 40, verified: 25, unverified: 15 },
  pending: { reports: 4, suggestions: 5 },
  ...extra,
});

/**
 * An in-memory admin API that behaves like the real one: approving a report hides its business
 * and all its reports at once; the statistics are a rollup that only changes when
 * `refreshRollup()` runs (the worker's job), stamped with computed_at.
 */
export const recheck = (id: number, extra: Partial<Recheck> = {}): Recheck => ({
  business: { id, name: `Business ${id}`, city: 'Leeds', postcode: 'LS1 1AA', category: 'Cafe' },
  reason: 'never',
  verification: { status: 'never', method: null, date: null, due_date: null },
  since: '2024-01-01T00:00:00.000Z',
  member_answers: [],
  ...extra,
});

export const brokenLink = (sourceId: number, extra: Partial<BrokenLink> = {}): BrokenLink => ({
  list: 'business',
  source_id: sourceId,
  business: { id: 7, name: 'Olive Tree Cafe' },
  brand: null,
  url: `https://example.org/statement/${sourceId}`,
  status: 'broken',
  http_status: 404,
  final_url: `https://example.org/statement/${sourceId}`,
  failures: 3,
  checked_at: '2026-11-20T10:00:00.000Z',
  archived_title: 'Our statement',
  ...extra,
});

export const claim = (id: number, extra: Partial<Claim> = {}): Claim => ({
  id,
  business: { id: 7, name: 'Olive Tree Cafe', website: 'https://olivetree.example' },
  member: { id: 30 + id, username: `owner${id}`, email: `owner${id}@olivetree.example` },
  evidence: `I run the cafe (${id})`,
  email_domain_matches: true,
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

export const duplicatePair = (id: number, extra: Partial<DuplicatePair> = {}): DuplicatePair => ({
  id,
  first: { id: 11, name: 'Olive Tree Bakers', address: '3 Brick Lane', city: 'London', postcode: 'E1 6AN' },
  second: { id: 12, name: 'Olive Tree Bakery', address: '5 Brick Lane', city: 'London', postcode: 'E1 6AN' },
  score: 0.73,
  distance_m: 0,
  added_despite_warning: false,
  found_at: '2026-11-20T02:30:00.000Z',
  ...extra,
});

interface Named {
  name: string;
}

/** The API's search of a queue: the business's name holds the text, any case. */
const namedLike = (name: string | null | undefined, search: string | undefined) =>
  !search || (name ?? '').toLowerCase().includes(search.toLowerCase());

/** A list answered as the API pages it: at most `limit` items after the offset the cursor holds, and the total. */
export function pageOf<Item extends object>(items: Item[], { limit, cursor }: { limit?: number | string; cursor?: string } = {}): ListPage<Item> {
  const start = Number(cursor ?? 0);
  const end = limit ? start + Number(limit) : items.length;
  return { items: items.slice(start, end).map((item) => ({ ...item })), total: items.length, nextCursor: end < items.length ? String(end) : null };
}

export function fakeAdminServer(seed: {
  reports?: Report[];
  suggestions?: Suggestion[];
  businesses?: Business[];
  rechecks?: Recheck[];
  brokenLinks?: BrokenLink[];
  claims?: Claim[];
  duplicates?: DuplicatePair[];
  paused?: PausedBusiness[];
  partnerKeys?: PartnerKey[];
  submissions?: PartnerSubmission[];
  verified?: number;
}) {
  const state = {
    businesses: new Map<number, Business>(),
    reports: [...(seed.reports ?? [])],
    suggestions: [...(seed.suggestions ?? [])],
    rechecks: [...(seed.rechecks ?? [])],
    claims: [...(seed.claims ?? [])],
    /** The claim decisions the panel sent, in order. */
    claimDecisions: [] as string[],
    duplicates: [...(seed.duplicates ?? [])],
    paused: [...(seed.paused ?? [])],
    /** The protection decisions the panel sent, in order. */
    protectionDecisions: [] as string[],
    partnerKeys: [...(seed.partnerKeys ?? [])],
    submissions: [...(seed.submissions ?? [])],
    /** The submission decisions the panel sent, in order. */
    submissionDecisions: [] as string[],
    users: { total: 12, admins: 2, regular: 10, recent_registrations: 3 },
  };
  for (const b of seed.businesses ?? []) state.businesses.set(b.id, b);
  for (const r of state.reports) {
    if (!state.businesses.has(r.business_id))
      state.businesses.set(r.business_id, business(r.business_id, { name: r.business_name ?? `Business ${r.business_id}` }));
  }
  for (const s of state.suggestions) {
    if (!state.businesses.has(s.business_id))
      state.businesses.set(s.business_id, business(s.business_id, { name: s.business_name ?? `Business ${s.business_id}` }));
  }

  const compute = (): AdminStatistics => {
    const all = [...state.businesses.values()];
    const verified = all.filter((b) => b.verified).length;
    return {
      users: { ...state.users },
      businesses: { total: all.length, verified, unverified: all.length - verified },
      pending: { reports: state.reports.length, suggestions: state.suggestions.length },
      computed_at: new Date().toISOString(),
    };
  };
  let rollup = compute();

  const reported = (): Business[] =>
    [...state.businesses.values()]
      .map((b) => {
        const reports = state.reports.filter((r) => r.business_id === b.id);
        return { ...b, report_count: reports.length, latest_reports: reports.slice(0, 3) };
      })
      .filter((b) => b.report_count > 0);

  const removeBusiness = (id: number) => {
    state.businesses.delete(id);
    state.reports = state.reports.filter((r) => r.business_id !== id);
    state.suggestions = state.suggestions.filter((s) => s.business_id !== id);
  };

  // Approving a claim rejects the business's other pending claims, as the API does.
  const decideClaim = (name: 'approveClaim' | 'rejectClaim', id: number) => {
    const found = state.claims.find((item) => item.id === id);
    if (!found) throw new ApiError(404, 'Claim not found');
    state.claimDecisions.push(`${name === 'approveClaim' ? 'approve' : 'reject'} #${id}`);
    state.claims = state.claims.filter((item) => item.id !== id && !(name === 'approveClaim' && item.business.id === found.business.id));
    return { message: 'ok' };
  };

  // A decision takes the submission out of the queue.
  const decideSubmission = (action: 'approve' | 'reject', id: number) => {
    const found = state.submissions.find((item) => item.id === id);
    if (!found) throw new ApiError(404, 'Submission not found');
    state.submissionDecisions.push(`${action} #${id}`);
    state.submissions = state.submissions.filter((item) => item !== found);
    return { ...found, status: action === 'approve' ? ('approved' as const) : ('rejected' as const), business_id: action === 'approve' ? 99 : null };
  };

  const lists = (): Record<string, object[]> => ({
    rechecks: state.rechecks,
    brokenLinks: seed.brokenLinks ?? [],
    pendingClaims: state.claims,
    duplicatePairs: state.duplicates,
    pausedBusinesses: state.paused,
    adminPhotos: [],
    partnerKeys: state.partnerKeys,
    pendingSubmissions: state.submissions,
  });
  // The API's search (any business of the item, a pair has two) and filter (the item's reason) of these lists.
  const listPage =
    (name: string) =>
    ({ query = {} }: { query?: { limit?: number | string; cursor?: string; search?: string; reason?: string } }) =>
      pageOf(
        lists()[name].filter((item) => {
          const { business, brand, first, second, reason } = item as {
            business?: Named;
            brand?: Named;
            first?: Named;
            second?: Named;
            reason?: string;
          };
          return (
            (!query.search || [business, brand, first, second].some((named) => named && namedLike(named.name, query.search))) &&
            (!query.reason || reason === query.reason)
          );
        }),
        query,
      );
  // A verification settles a re-check: the business leaves the list.
  const verification =
    (name: 'verifyBusiness' | 'unverifyBusiness') =>
    ({ id, body }: { id: number | string; body: object }) => {
      state.rechecks = state.rechecks.filter((item) => item.business.id !== id);
      return { id: 1, business_id: id, action: name === 'verifyBusiness' ? 'verified' : 'unverified', ...body };
    };
  // A merge or 'Not duplicates' settles the pair: it leaves the list.
  const settlePair = (decided: (pair: DuplicatePair) => boolean) => {
    state.duplicates = state.duplicates.filter((pair) => !decided(pair));
    return { message: 'ok' };
  };

  // Keeping or discarding settles the votes; lifting ends the pause: the business leaves the list.
  const decideProtection = (action: 'keep' | 'discard' | 'lift', businessId: number) => {
    const found = state.paused.find((entry) => entry.business.id === businessId);
    if (!found) throw new ApiError(409, 'This business is not paused');
    state.protectionDecisions.push(`${action} #${businessId}`);
    state.paused =
      action === 'lift'
        ? state.paused.filter((entry) => entry !== found)
        : state.paused.map((entry) =>
            entry === found ? { ...entry, set_aside_votes: 0, votes_decision: action === 'keep' ? 'kept' : 'discarded' } : entry,
          );
    return {
      votes: found.set_aside_votes,
      protection: action === 'lift' ? null : { state: 'paused' as const, since: found.since, reason: found.reason },
    };
  };

  const routes: RouteFakes = {
    statistics: async () => ({ ...rollup }),
    pendingReports: async ({ query = {} }) =>
      pageOf(
        state.reports.filter((r) => namedLike(r.business_name, query.search) && (!query.reason || r.reason === query.reason)),
        query,
      ),
    pendingSuggestions: async ({ query = {} }) =>
      pageOf(
        state.suggestions.filter((s) => namedLike(s.business_name, query.search) && (!query.field || s.field_name === query.field)),
        query,
      ),
    reportedBusinesses: async ({ query = {} }) =>
      pageOf(
        reported().filter(
          (b) => namedLike(b.name, query.search) && (!query.reason || state.reports.some((r) => r.business_id === b.id && r.reason === query.reason)),
        ),
        query,
      ),
    reviewReport: async ({ id, query: { action } }) => {
      const found = state.reports.find((r) => r.id === id);
      if (!found) throw new ApiError(404, 'Report not found');
      if (action === 'approve') removeBusiness(found.business_id);
      else state.reports = state.reports.filter((r) => r.id !== id);
      return { message: 'ok' };
    },
    reviewSuggestion: async ({ id, query: { action } }) => {
      const found = state.suggestions.find((s) => s.id === id);
      if (!found) throw new ApiError(404, 'Suggestion not found');
      if (action === 'approve') {
        const target = state.businesses.get(found.business_id);
        if (target) state.businesses.set(target.id, { ...target, [found.field_name]: found.suggested_value });
      }
      state.suggestions = state.suggestions.filter((s) => s.id !== id);
      return { message: 'ok' };
    },
    deleteBusiness: async ({ id }) => {
      if (!state.businesses.has(Number(id))) throw new ApiError(404, 'Business not found');
      removeBusiness(Number(id));
      return { message: 'ok' };
    },
    getBusiness: async ({ id }) => {
      const found = state.businesses.get(Number(id));
      if (!found) throw new ApiError(404, 'Business not found');
      return found;
    },
    rechecks: async (args) => listPage('rechecks')(args),
    brokenLinks: async (args) => listPage('brokenLinks')(args),
    pendingClaims: async (args) => listPage('pendingClaims')(args),
    duplicatePairs: async (args) => listPage('duplicatePairs')(args),
    approveClaim: async ({ id }) => decideClaim('approveClaim', Number(id)),
    rejectClaim: async ({ id }) => decideClaim('rejectClaim', Number(id)),
    mergeBusiness: async ({ body }) => settlePair((pair) => [pair.first.id, pair.second.id].includes(Number(body.from))),
    dismissDuplicate: async ({ id }) => settlePair((pair) => pair.id === id),
    verifyBusiness: async (args) => verification('verifyBusiness')(args),
    unverifyBusiness: async (args) => verification('unverifyBusiness')(args),
    pausedBusinesses: async (args) => listPage('pausedBusinesses')(args),
    adminPhotos: async (args) => listPage('adminPhotos')(args),
    keepBurstVotes: async ({ id }) => decideProtection('keep', Number(id)),
    discardBurstVotes: async ({ id }) => decideProtection('discard', Number(id)),
    liftProtection: async ({ id }) => decideProtection('lift', Number(id)),
    partnerKeys: async (args) => listPage('partnerKeys')(args),
    pendingSubmissions: async (args) => listPage('pendingSubmissions')(args),
    approveSubmission: async ({ id }) => decideSubmission('approve', Number(id)),
    rejectSubmission: async ({ id }) => decideSubmission('reject', Number(id)),
    issuePartnerKey: async ({ body }) => {
      const key = `zk_${'k'.repeat(40)}${state.partnerKeys.length + 1}`.slice(0, 46);
      const issued = partnerKey(state.partnerKeys.length + 1, { partner_name: body.partner_name, requests_per_minute: body.requests_per_minute });
      state.partnerKeys = [...state.partnerKeys, issued];
      return { key, partner: issued };
    },
    revokePartnerKey: async ({ id }) => {
      const found = state.partnerKeys.find((item) => item.id === Number(id));
      if (!found) throw new ApiError(404, 'API key not found');
      const revoked = { ...found, revoked_at: found.revoked_at ?? '2026-11-29T20:00:00.000Z' };
      state.partnerKeys = state.partnerKeys.map((item) => (item === found ? revoked : item));
      return revoked;
    },
    listBrands: async () => [],
    productTypes: async () => [],
  };
  const api: ApiClient = fakeApi(routes);
  return {
    api,
    /** The fake of each route, to build another API from (one that answers some routes otherwise). */
    routes,
    state,
    /** The worker's statistics job. */
    refreshRollup() {
      rollup = compute();
    },
    get rollup() {
      return rollup;
    },
  };
}

/** A business paused by a burst: two new accounts shown, three votes set aside. */
export function pausedBusiness(businessId: number, overrides: Partial<PausedBusiness> = {}): PausedBusiness {
  return {
    id: businessId * 10,
    business: { id: businessId, name: `Steady Bakery ${businessId}`, city: 'Leeds' },
    since: '2026-11-29T18:00:00.000Z',
    reason: 'burst',
    set_aside_votes: 3,
    votes_decision: null,
    more_actions: false,
    accounts: [
      {
        username: 'fresh1',
        account_created_at: '2026-11-29T17:00:00.000Z',
        account_age_days: 0,
        actions: [{ action: 'downvote', detail: null, at: '2026-11-29T17:50:00.000Z' }],
      },
      {
        username: 'fresh2',
        account_created_at: '2026-11-27T17:00:00.000Z',
        account_age_days: 2,
        actions: [{ action: 'report', detail: 'Does not support Palestine', at: '2026-11-29T17:55:00.000Z' }],
      },
    ],
    ...overrides,
  };
}

/** A partner's API key as the admins' list shows it. */
export function partnerKey(id: number, overrides: Partial<PartnerKey> = {}): PartnerKey {
  return {
    id,
    partner_name: `Example Wallet ${id}`,
    key_prefix: `zk_abcdef${id}`.slice(0, 10),
    requests_per_minute: 60,
    requests: 0,
    created_at: '2026-11-29T19:00:00.000Z',
    revoked_at: null,
    ...overrides,
  };
}

/** A business a partner submitted, waiting in the queue. */
export function partnerSubmission(id: number, overrides: Partial<PartnerSubmission> = {}): PartnerSubmission {
  return {
    id,
    partner_name: 'Example Wallet',
    status: 'pending',
    business_id: null,
    business: {
      name: `Jaffa Deli ${id}`,
      address: '3 Market Row',
      city: 'Bristol',
      postcode: 'BS1 1AA',
      category: 'Grocery',
      description: "Olive oil and za'atar from the West Bank.",
      phone: '',
      website: 'https://jaffa-deli.example',
    },
    created_at: '2026-11-29T18:30:00.000Z',
    ...overrides,
  };
}
