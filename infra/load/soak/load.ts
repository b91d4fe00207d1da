/**
 * The soak's load: visitors reading, members writing, an admin reviewing. Arrivals come at a constant rate
 * (an open model: a slow answer does not slow the arrivals), each one action picked by weight. A member does
 * one thing at a time, so the last answer to each of their writes is the state the database must hold; what
 * every write answered goes into the Ledger that verify.ts checks against SQL afterwards.
 *
 * Every text a write stores carries the run's marker and a number of its own (`<marker>-c12`), so a row can be
 * traced to the request that made it, and a refused write can be proved to have left nothing.
 */
import { ApiClient, businessInput, type Answer } from '../../e2e/jobs/api-client';
import { REPORT_REASONS } from '@zaytoon/contract';
import type { CallStats, Expect, Timed } from './stats';

export interface Member {
  id: number;
  email: string;
  username: string;
  client: ApiClient;
  busy: boolean;
  /** Has uploaded an avatar (one each, so the last upload is never a race between two resize jobs). */
  avatar: boolean;
  /** Had an upload refused on purpose and never uploads a real one: users.picture must stay empty. */
  noAvatar: boolean;
  comments: number[];
}

export type Outcome = 'ok' | 'refused' | 'unknown';

/** A row a write made: its marker, its business and who wrote it. */
export interface Marked {
  marker: string;
  businessId: number;
  userId: number;
}

/** What each write answered, keyed by marker (the text stored) or id. */
export class Ledger {
  /** Marker → what its write answered; 'refused' = a 4xx/5xx (no row may carry the marker). */
  readonly markers = new Map<string, Outcome>();
  readonly users = new Map<number, { email: string; username: string }>();
  readonly signupEmails = new Map<string, Outcome>();
  /** `${userId}:${businessId}` → the user_vote of the last answer. */
  readonly votes = new Map<string, string | null>();
  /** Votes whose last request got no answer: their state is unknown. */
  readonly unknownVotes = new Set<string>();
  readonly comments = new Map<number, Marked>();
  readonly deletedComments = new Set<number>();
  readonly suggestions = new Map<number, Marked & { field: string; value: string; status: string }>();
  readonly reports = new Map<number, Marked & { status: string; doomed: boolean }>();
  /** businessId = the business's own id. */
  readonly businesses = new Map<number, Marked & { doomed: boolean }>();
  /** userId → the picture URL the upload answered. */
  readonly avatars = new Map<number, string>();
  readonly noAvatar = new Set<number>();
  /** `${businessId}:${field}` → the value of the last suggestion the admin approved (text fields). */
  readonly approvedValues = new Map<string, string>();
  /** Votes and comments a paused business refused (423): each must meet a pause that began before its answer. */
  readonly pausedRefusals: PausedRefusal[] = [];
}

export interface PausedRefusal {
  businessId: number;
  userId: number;
  /** When the answer came (ms since the epoch). */
  at: number;
  code: unknown;
}

export interface LoadOptions {
  api: string;
  marker: string;
  stats: CallStats;
  businessIds: number[];
  categories: string[];
  cities: string[];
  images: { jpeg: Buffer; png: Buffer };
  adminLogin: string;
  adminPassword: string;
}

const SEARCH_TERMS = ['bakery', 'cafe', 'london', 'halal', 'coffee', 'books', 'restaurant', 'grocer', 'bakry', 'manchester', 'falafel', 'olive'];
const TEXT_FIELDS = ['description', 'proof_of_support'] as const;
/** The admin reviews reports only this old, so a member's deliberate duplicate (sent right after) still meets a pending one. */
const REVIEW_AFTER_MS = 3000;

/** A pending report or suggestion as the admin's lists answer it. */
interface PendingItem {
  id: number;
  created_at: string;
}

/**
 * Every member of the soak is a new account, so their downvotes and reports can start a burst pause (decision 0051);
 * a paused business then refuses their votes and comments.
 */
const UNLESS_PAUSED: Expect = { okOr: 423 };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

export class SoakLoad {
  readonly ledger = new Ledger();
  readonly members: Member[] = [];
  private readonly votable: number[];
  /** Businesses a member created to be reported and removed (approve-report cascade); nobody else touches them. */
  private readonly doomedToReport: number[] = [];
  private serial = 0;
  private admin!: ApiClient;
  private adminStopped = false;
  private readonly stats: CallStats;

  constructor(private readonly options: LoadOptions) {
    this.stats = options.stats;
    this.votable = [...options.businessIds];
    this.visitor = this.client();
  }

  private next(kind: string): string {
    return `${this.options.marker}-${kind}${++this.serial}`;
  }

  private client(): ApiClient {
    return new ApiClient(this.options.api, this.options.api);
  }

  private time(name: string, expect: Expect, request: () => Promise<Answer>): Promise<Timed> {
    return this.stats.time(name, expect, request);
  }

  /** Keeps a paused business's refusal of a member's write, for verify.ts to prove the pause was there. */
  private notePaused(timed: Timed, businessId: number, member: Member): void {
    if (timed.ok && timed.answer?.status === 423)
      this.ledger.pausedRefusals.push({ businessId, userId: member.id, at: Date.now(), code: timed.answer.body?.code });
  }

  /**
   * A write that stores `marker`: records what it answered (any answer other than 2xx counts as refused) and
   * returns the answer, with the id of the row it made when it answered 2xx.
   */
  private async markedWrite(name: string, marker: string, expect: Expect, request: () => Promise<Answer>): Promise<Timed & { id?: number }> {
    const timed = await this.time(name, expect, request);
    const made = timed.ok && timed.answer!.status < 300;
    this.ledger.markers.set(marker, made ? 'ok' : timed.answer ? 'refused' : 'unknown');
    if (!made) return timed;
    const id = Number(timed.answer!.body?.id);
    if (Number.isInteger(id)) return { ...timed, id };
    this.stats.error(name, `answer without an id: ${JSON.stringify(timed.answer!.body).slice(0, 200)}`);
    return timed;
  }

  // ---- actors ---------------------------------------------------------------------------------------

  async signup(): Promise<Member | undefined> {
    const client = this.client();
    // A first visit: the API answers 401 and hands out the XSRF-TOKEN cookie.
    await this.time('GET /api/auth/me (visitor)', 401, () => client.get('/api/auth/me'));
    const tag = this.next('u');
    const user = {
      email: `${tag}@example.com`,
      username: tag.replace(/[^A-Za-z0-9_.-]/g, '_'),
      name: `Soak member ${tag}`,
      password: 'soak-password-123',
    };
    const timed = await this.time('POST /api/auth/signup', 'ok', () => client.post('/api/auth/signup', user));
    this.ledger.signupEmails.set(user.email, timed.ok ? 'ok' : timed.answer ? 'refused' : 'unknown');
    if (!timed.ok) return undefined;
    const id = Number(timed.answer!.body?.id);
    if (!Number.isInteger(id)) {
      this.stats.error('POST /api/auth/signup', `answer without an id: ${JSON.stringify(timed.answer!.body)}`);
      return undefined;
    }
    const member: Member = { id, email: user.email, username: user.username, client, busy: false, avatar: false, noAvatar: false, comments: [] };
    this.ledger.users.set(id, { email: user.email, username: user.username });
    this.members.push(member);
    return member;
  }

  /** A signup with a username already taken: 409, and no account with its (new) email. */
  async signupTaken(): Promise<void> {
    const taken = this.members.length ? pick(this.members).username : 'admin';
    const client = this.client();
    await this.time('GET /api/auth/me (visitor)', 401, () => client.get('/api/auth/me'));
    const email = `${this.next('dupu')}@example.com`;
    const timed = await this.time('POST /api/auth/signup (username taken: 409)', 409, () =>
      client.post('/api/auth/signup', { email, username: taken, name: 'Soak duplicate', password: 'soak-password-123' }),
    );
    this.ledger.signupEmails.set(email, timed.answer ? 'refused' : 'unknown');
  }

  /** Runs `act` as an idle member (none idle: a new one signs up first). */
  private async asMember(act: (member: Member) => Promise<void>, filter: (member: Member) => boolean = () => true): Promise<void> {
    let member: Member | undefined;
    for (let i = 0; i < 20 && !member; i++) {
      const candidate = this.members.length ? pick(this.members) : undefined;
      if (candidate && !candidate.busy && filter(candidate)) member = candidate;
    }
    if (!member) member = await this.signup();
    if (!member || member.busy || !filter(member)) return;
    member.busy = true;
    try {
      await act(member);
    } finally {
      member.busy = false;
    }
  }

  // ---- reads ----------------------------------------------------------------------------------------

  private readonly visitor: ApiClient;

  async browse(): Promise<void> {
    const filters = ['', `&category=${encodeURIComponent(pick(this.options.categories))}`, `&city=${encodeURIComponent(pick(this.options.cities))}`];
    const timed = await this.time('GET /api/businesses (browse, filters)', 'ok', () => this.visitor.get(`/api/businesses?limit=20${pick(filters)}`));
    const link = timed.answer?.headers.get('link');
    const next = link?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1];
    if (timed.ok && next && Math.random() < 0.5) {
      await this.time('GET /api/businesses (next page)', 'ok', () =>
        this.visitor.get(next.startsWith('/') ? next : new URL(next).pathname + new URL(next).search),
      );
    }
  }

  search(): Promise<unknown> {
    return this.time('GET /api/businesses?search=', 'ok', () => this.visitor.get(`/api/businesses?search=${encodeURIComponent(pick(SEARCH_TERMS))}`));
  }

  detail(): Promise<unknown> {
    return this.time('GET /api/businesses/{id}', 'ok', () => this.visitor.get(`/api/businesses/${pick(this.votable)}`));
  }

  detailMissing(): Promise<unknown> {
    return this.time('GET /api/businesses/{id} (missing: 404)', 404, () => this.visitor.get('/api/businesses/2000000000'));
  }

  votesBox(): Promise<unknown> {
    return this.time('GET /api/businesses/{id}/votes', 'ok', () => this.visitor.get(`/api/businesses/${pick(this.votable)}/votes`));
  }

  commentsList(): Promise<unknown> {
    return this.time('GET /api/businesses/{id}/comments', 'ok', () => this.visitor.get(`/api/businesses/${pick(this.votable)}/comments`));
  }

  summary(): Promise<unknown> {
    return this.time('GET /api/businesses/summary', 'ok', () => this.visitor.get('/api/businesses/summary'));
  }

  memberDetail(): Promise<void> {
    return this.asMember(async (member) => {
      await this.time('GET /api/businesses/{id}/votes (member)', 'ok', () => member.client.get(`/api/businesses/${pick(this.votable)}/votes`));
    });
  }

  // ---- writes ---------------------------------------------------------------------------------------

  vote(): Promise<void> {
    return this.asMember(async (member) => {
      const businessId = pick(this.votable);
      const key = `${member.id}:${businessId}`;
      const timed = await this.time('POST /api/businesses/{id}/vote', UNLESS_PAUSED, () =>
        member.client.post(`/api/businesses/${businessId}/vote`, { vote_type: Math.random() < 0.7 ? 'upvote' : 'downvote' }),
      );
      this.notePaused(timed, businessId, member);
      if (timed.ok && timed.answer!.status < 300) {
        this.ledger.votes.set(key, timed.answer!.body?.user_vote ?? null);
        this.ledger.unknownVotes.delete(key);
      } else if (!timed.answer) this.ledger.unknownVotes.add(key);
    });
  }

  voteInvalid(): Promise<void> {
    return this.asMember(async (member) => {
      await this.time('POST /api/businesses/{id}/vote (bad type: 400)', 400, () =>
        member.client.post(`/api/businesses/${pick(this.votable)}/vote`, { vote_type: 'sideways' }),
      );
    });
  }

  comment(tooLong = false): Promise<void> {
    return this.asMember(async (member) => {
      const businessId = pick(this.votable);
      const marker = this.next(tooLong ? 'cx' : 'c');
      const text = `Soak comment ${marker}: friendly staff and fair prices.`;
      const timed = await this.markedWrite(
        tooLong ? 'POST /api/businesses/{id}/comments (too long: 400)' : 'POST /api/businesses/{id}/comments',
        marker,
        tooLong ? 400 : UNLESS_PAUSED,
        () => member.client.post(`/api/businesses/${businessId}/comments`, { comment_text: tooLong ? text.padEnd(1001, '.') : text }),
      );
      this.notePaused(timed, businessId, member);
      const { id } = timed;
      if (id === undefined) return;
      this.ledger.comments.set(id, { marker, businessId, userId: member.id });
      member.comments.push(id);
    });
  }

  deleteComment(): Promise<void> {
    return this.asMember(
      async (member) => {
        const id = member.comments.shift()!;
        const timed = await this.time('DELETE /api/comments/{id}', 'ok', () => member.client.delete(`/api/comments/${id}`));
        if (timed.ok) this.ledger.deletedComments.add(id);
      },
      (member) => member.comments.length > 0,
    );
  }

  suggestion(invalid = false): Promise<void> {
    return this.asMember(async (member) => {
      const businessId = pick(this.votable);
      const marker = this.next(invalid ? 'sx' : 's');
      const field = invalid ? 'phone' : pick(TEXT_FIELDS);
      // Invalid: a phone number longer than the form's 50 characters.
      const value = invalid ? `0207 ${marker} `.padEnd(80, '0') : `Soak suggestion ${marker}: open late on Fridays.`;
      const { id } = await this.markedWrite(
        invalid ? 'POST /api/businesses/{id}/suggestions (too long: 400)' : 'POST /api/businesses/{id}/suggestions',
        marker,
        invalid ? 400 : 'ok',
        () =>
          member.client.post(`/api/businesses/${businessId}/suggestions`, { field_name: field, suggested_value: value, reason: `soak ${marker}` }),
      );
      if (id !== undefined) this.ledger.suggestions.set(id, { marker, businessId, userId: member.id, field, value, status: 'pending' });
    });
  }

  private hasPendingReport(userId: number, businessId: number): boolean {
    for (const report of this.ledger.reports.values()) {
      if (report.userId === userId && report.businessId === businessId && report.status === 'pending') return true;
    }
    return false;
  }

  /** A report; a doomed business waiting for one gets it first. A quarter are sent twice: the second is 409. */
  report(): Promise<void> {
    const doomedId = this.doomedToReport.shift();
    return this.asMember(async (member) => {
      let businessId = doomedId ?? pick(this.votable);
      for (let i = 0; i < 5 && doomedId === undefined && this.hasPendingReport(member.id, businessId); i++) businessId = pick(this.votable);
      if (this.hasPendingReport(member.id, businessId)) return;
      const marker = this.next('r');
      const { id } = await this.markedWrite('POST /api/reports', marker, 'ok', () =>
        member.client.post('/api/reports', {
          business_id: businessId,
          reason: doomedId ? 'Spam or duplicate' : pick(REPORT_REASONS),
          description: `Soak report ${marker}`,
        }),
      );
      if (id === undefined) return;
      this.ledger.reports.set(id, { marker, businessId, userId: member.id, status: 'pending', doomed: doomedId !== undefined });
      if (Math.random() < 0.25) {
        const again = this.next('rx');
        await this.markedWrite('POST /api/reports (again, pending: 409)', again, 409, () =>
          member.client.post('/api/reports', { business_id: businessId, reason: 'Other', description: `Soak report ${again}` }),
        );
      }
    });
  }

  reportInvalid(): Promise<void> {
    return this.asMember(async (member) => {
      const marker = this.next('rv');
      await this.markedWrite('POST /api/reports (bad reason: 400)', marker, 400, () =>
        member.client.post('/api/reports', { business_id: pick(this.votable), reason: 'Because', description: `Soak report ${marker}` }),
      );
    });
  }

  /** A member adds a business; every third is doomed: reported later and removed by the admin's approval. */
  createBusiness(): Promise<void> {
    return this.asMember(async (member) => {
      const marker = this.next('b');
      const { id } = await this.markedWrite('POST /api/businesses', marker, 'ok', () =>
        member.client.post(
          '/api/businesses',
          businessInput(`Soak business ${marker}`, { description: 'Added by the soak test.', category: pick(this.options.categories) }),
        ),
      );
      if (id === undefined) return;
      const doomed = this.serial % 3 === 0;
      this.ledger.businesses.set(id, { marker, businessId: id, userId: member.id, doomed });
      if (doomed) this.doomedToReport.push(id);
      else this.votable.push(id);
    });
  }

  uploadAvatar(): Promise<void> {
    return this.asMember(
      async (member) => {
        member.avatar = true;
        const png = Math.random() < 0.5;
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(png ? this.options.images.png : this.options.images.jpeg)], { type: png ? 'image/png' : 'image/jpeg' }),
          png ? 'me.png' : 'me.jpg',
        );
        const timed = await this.time('POST /api/auth/upload-profile-picture', 'ok', () =>
          member.client.post('/api/auth/upload-profile-picture', form),
        );
        if (!timed.ok) return;
        const picture = timed.answer!.body?.picture;
        if (typeof picture !== 'string') return this.stats.error('POST /api/auth/upload-profile-picture', 'answer without a picture');
        this.ledger.avatars.set(member.id, picture);
      },
      (member) => !member.avatar && !member.noAvatar,
    );
  }

  uploadNotAnImage(): Promise<void> {
    return this.asMember(
      async (member) => {
        member.noAvatar = true;
        this.ledger.noAvatar.add(member.id);
        const form = new FormData();
        form.append('file', new Blob([new TextEncoder().encode('this is not an image, only text\n'.repeat(20))], { type: 'image/png' }), 'fake.png');
        await this.time('POST /api/auth/upload-profile-picture (not an image: 415)', 415, () =>
          member.client.post('/api/auth/upload-profile-picture', form),
        );
      },
      (member) => !member.avatar && !member.noAvatar,
    );
  }

  // ---- the admin ------------------------------------------------------------------------------------

  async signInAdmin(): Promise<void> {
    this.admin = this.client();
    await this.time('GET /api/auth/me (visitor)', 401, () => this.admin.get('/api/auth/me'));
    const timed = await this.time('POST /api/auth/login (admin)', 'ok', () => this.admin.login(this.options.adminLogin, this.options.adminPassword));
    if (!timed.ok) throw new Error(`admin login failed: ${timed.answer?.status}`);
  }

  /**
   * One review round: the pending reports (approve those of doomed businesses, reject the rest) and
   * suggestions (approve every other one of ours, reject the rest: the seed's may not be valid now), then the
   * statistics and the reported businesses, as the admin panel shows them.
   */
  async adminRound(): Promise<void> {
    const reports = await this.time('GET /api/admin/reports/pending', 'ok', () => this.admin.get('/api/admin/reports/pending'));
    for (const report of this.reviewable<PendingItem & { description: string }>(reports.answer?.body, (r) => r.description, this.ledger.reports)) {
      if (this.adminStopped) return;
      const ours = this.ledger.reports.get(report.id);
      const action = ours?.doomed ? 'approve' : 'reject';
      const timed = await this.time(`POST /api/admin/reports/{id}/review?action=${action}`, 'ok', () =>
        this.admin.post(`/api/admin/reports/${report.id}/review?action=${action}`),
      );
      if (timed.ok && ours) ours.status = action === 'approve' ? 'approved' : 'rejected';
    }
    const suggestions = await this.time('GET /api/admin/suggestions/pending', 'ok', () => this.admin.get('/api/admin/suggestions/pending'));
    for (const suggestion of this.reviewable<PendingItem & { suggested_value: string }>(
      suggestions.answer?.body,
      (s) => s.suggested_value,
      this.ledger.suggestions,
    )) {
      if (this.adminStopped) return;
      const ours = this.ledger.suggestions.get(suggestion.id);
      const action = ours && suggestion.id % 2 === 0 ? 'approve' : 'reject';
      const timed = await this.time(`POST /api/admin/suggestions/{id}/review?action=${action}`, 'ok', () =>
        this.admin.post(`/api/admin/suggestions/${suggestion.id}/review?action=${action}`),
      );
      if (timed.ok && ours) {
        ours.status = action === 'approve' ? 'approved' : 'rejected';
        if (action === 'approve') this.ledger.approvedValues.set(`${ours.businessId}:${ours.field}`, ours.value);
      }
    }
    await this.time('GET /api/admin/statistics', 'ok', () => this.admin.get('/api/admin/statistics'));
    await this.time('GET /api/admin/businesses/reported', 'ok', () => this.admin.get('/api/admin/businesses/reported'));
  }

  /**
   * The first few pending items of a list that are at least REVIEW_AFTER_MS old. One of ours whose write has not
   * answered yet (the row is committed before the answer arrives) waits for a later round, so the ledger always
   * knows what the admin decided.
   */
  private reviewable<T extends PendingItem>(list: unknown, text: (item: T) => string, known: Map<number, unknown>): T[] {
    const due = Date.now() - REVIEW_AFTER_MS;
    return ((Array.isArray(list) ? list : []) as T[])
      .filter((item) => Date.parse(item.created_at) < due && (known.has(item.id) || !text(item).includes(`${this.options.marker}-`)))
      .slice(0, 4);
  }

  /** Review rounds every `everyMs` until stopAdmin(). */
  async runAdmin(everyMs: number): Promise<void> {
    while (!this.adminStopped) {
      const started = Date.now();
      await this.adminRound();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (Date.now() - started))));
    }
  }

  stopAdmin(): void {
    this.adminStopped = true;
  }

  /** The mix of one arrival: weight and action. */
  get mix(): Array<[number, () => Promise<unknown>]> {
    return [
      [14, () => this.browse()],
      [9, () => this.search()],
      [10, () => this.detail()],
      [4, () => this.votesBox()],
      [4, () => this.commentsList()],
      [3, () => this.summary()],
      [4, () => this.memberDetail()],
      [14, () => this.vote()],
      [8, () => this.comment()],
      [1, () => this.deleteComment()],
      [4, () => this.suggestion()],
      [4, () => this.report()],
      [2, () => this.createBusiness()],
      [2, () => this.uploadAvatar()],
      [3, () => this.signup()],
      // What the API must refuse, and leave no trace of.
      [0.5, () => this.comment(true)],
      [0.5, () => this.suggestion(true)],
      [0.5, () => this.reportInvalid()],
      [0.5, () => this.voteInvalid()],
      [0.3, () => this.signupTaken()],
      [0.3, () => this.uploadNotAnImage()],
      [0.5, () => this.detailMissing()],
    ];
  }
}

/** Picks one action of `mix` by weight. */
export function chooser(mix: Array<[number, () => Promise<unknown>]>): () => () => Promise<unknown> {
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, action] of mix) {
      roll -= weight;
      if (roll < 0) return action;
    }
    return mix[mix.length - 1][1];
  };
}

/**
 * Constant arrivals: one action every 1/rate s until `endsAt`, without waiting for answers (at most
 * `maxInFlight` at once; arrivals beyond are counted as dropped). Resolves once every action has settled.
 */
export async function arrive(
  rate: number,
  endsAt: number,
  next: () => () => Promise<unknown>,
  maxInFlight: number,
): Promise<{ fired: number; dropped: number }> {
  const started = Date.now();
  const inFlight = new Set<Promise<unknown>>();
  let fired = 0;
  let dropped = 0;
  for (let i = 0; ; i++) {
    const due = started + (i * 1000) / rate;
    if (due >= endsAt) break;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight.size >= maxInFlight) {
      dropped++;
      continue;
    }
    fired++;
    const action = next()().catch((error) => console.error(`soak action failed: ${error?.stack ?? error}`));
    inFlight.add(action);
    action.finally(() => inFlight.delete(action));
  }
  await Promise.all(inFlight);
  return { fired, dropped };
}
