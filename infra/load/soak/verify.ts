/**
 * After the load: what every write answered (the Ledger) against what the database holds. "Lost" = a write
 * answered 2xx whose row is missing or differs; "stray" = a row carrying the marker of a write that was refused
 * (4xx/5xx), or a row the ledger knows nothing of. Writes that got no answer at all are already errors and
 * are left out of both.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { avatarKeysFromPicture } from '@zaytoon/core';
import type { Ledger, Marked } from './load';

export interface Check {
  what: string;
  checked: number;
  lost: string[];
  stray: string[];
}

const MARKED = /(soak[0-9a-z]+-[a-z]+\d+)/;

function check(what: string): Check {
  return { what, checked: 0, lost: [], stray: [] };
}

/** Rows whose text carries a marker of this run: each must belong to a write answered 2xx. */
function strayMarkers(result: Check, ledger: Ledger, rows: Array<{ id: number; text: string }>, known: Set<number>): void {
  for (const row of rows) {
    const marker = MARKED.exec(row.text)?.[1];
    const outcome = marker ? ledger.markers.get(marker) : undefined;
    if (outcome === 'unknown') continue;
    if (outcome !== 'ok') result.stray.push(`#${row.id} "${row.text.slice(0, 60)}" (its write answered ${outcome ?? 'nothing known'})`);
    else if (!known.has(row.id)) result.stray.push(`#${row.id} "${row.text.slice(0, 60)}" (not the id its write answered)`);
  }
}

/**
 * The rows `sql` finds by the run's marker against the writes answered 2xx (`answered`): each is there with its
 * marker, business, author and (when it has one) status, unless `gone` says why it must have gone.
 */
async function checkMarked(
  db: pg.Pool,
  ledger: Ledger,
  what: string,
  sql: string,
  like: string,
  answered: Map<number, Marked & { status?: string }>,
  gone: (id: number) => string | undefined,
): Promise<Check> {
  const result = check(what);
  const { rows } = await db.query<{ id: number; business_id: number; user_id: number | null; status: string | null; text: string }>(sql, [like]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const present = new Set<number>();
  for (const [id, entry] of answered) {
    result.checked++;
    const row = byId.get(id);
    const reason = gone(id);
    if (reason) {
      if (row) result.stray.push(`#${id} ${entry.marker} still there after ${reason}`);
      continue;
    }
    present.add(id);
    if (!row || !row.text.includes(entry.marker) || row.business_id !== entry.businessId || row.user_id !== entry.userId)
      result.lost.push(`#${id} ${entry.marker}`);
    else if (entry.status && row.status !== entry.status) result.lost.push(`#${id}: status ${row.status}, the review answered ${entry.status}`);
  }
  strayMarkers(result, ledger, rows, present);
  return result;
}

export async function verify(db: pg.Pool, ledger: Ledger, marker: string, uploadDir: string): Promise<Check[]> {
  const like = `%${marker}-%`;
  const checks: Check[] = [];

  // Users: every signup answered 2xx is there with its email; refused signups left no account.
  const users = check('users (signups)');
  const emails = [...ledger.signupEmails.keys()];
  const { rows: userRows } = await db.query<{ id: number; email: string }>('SELECT id, email FROM users WHERE lower(email) = ANY($1)', [emails]);
  const byEmail = new Map(userRows.map((row) => [row.email.toLowerCase(), row.id]));
  for (const [email, outcome] of ledger.signupEmails) {
    users.checked++;
    if (outcome === 'ok' && !byEmail.has(email)) users.lost.push(email);
    if (outcome === 'refused' && byEmail.has(email)) users.stray.push(`${email} (#${byEmail.get(email)})`);
  }
  for (const [id, user] of ledger.users) if (byEmail.get(user.email) !== id) users.lost.push(`#${id} ${user.email} (not under the id answered)`);
  checks.push(users);

  // Votes: for each member and business, the last answer's user_vote (null = no row).
  const votes = check('votes');
  const members = [...ledger.users.keys()];
  const { rows: voteRows } = await db.query<{ user_id: number; business_id: number; vote_type: string }>(
    'SELECT user_id, business_id, vote_type FROM votes WHERE user_id = ANY($1)',
    [members],
  );
  const held = new Map(voteRows.map((row) => [`${row.user_id}:${row.business_id}`, row.vote_type]));
  for (const [key, expected] of ledger.votes) {
    if (ledger.unknownVotes.has(key)) continue;
    votes.checked++;
    const actual = held.get(key) ?? null;
    if (actual !== expected) (expected ? votes.lost : votes.stray).push(`user:business ${key}: answered ${expected}, database ${actual}`);
  }
  for (const [key, type] of held)
    if (!ledger.votes.has(key) && !ledger.unknownVotes.has(key)) votes.stray.push(`user:business ${key}: ${type} (never answered)`);
  // The totals a vote keeps (trigger): no business may disagree with its votes rows that count (a burst's pause
  // sets its new accounts' votes aside, decision 0051).
  const { rows: drift } = await db.query<{ id: number }>(
    `SELECT b.id FROM businesses b LEFT JOIN (
       SELECT business_id, count(*) FILTER (WHERE vote_type = 'upvote') AS up, count(*) FILTER (WHERE vote_type = 'downvote') AS down
         FROM votes WHERE set_aside_by IS NULL GROUP BY business_id) v ON v.business_id = b.id
      WHERE b.upvotes <> coalesce(v.up, 0) OR b.downvotes <> coalesce(v.down, 0)`,
  );
  for (const row of drift) votes.lost.push(`business #${row.id}: upvotes/downvotes differ from its votes rows`);
  checks.push(votes);
  checks.push(await checkPausedRefusals(db, ledger));

  // Comments: every one answered 2xx is there (unless its deletion answered 2xx); nothing else carries a marker.
  checks.push(
    await checkMarked(
      db,
      ledger,
      'comments',
      'SELECT id, business_id, user_id, NULL AS status, comment_text AS text FROM comments WHERE comment_text LIKE $1',
      like,
      ledger.comments,
      (id) => (ledger.deletedComments.has(id) ? 'its deletion answered 2xx' : undefined),
    ),
  );

  // Suggestions: there, with the status the admin's review answered; approved values written to the business.
  const suggestions = await checkMarked(
    db,
    ledger,
    'suggestions',
    'SELECT id, business_id, user_id, status, suggested_value AS text FROM suggestions WHERE suggested_value LIKE $1',
    like,
    ledger.suggestions,
    () => undefined,
  );
  for (const [key, value] of ledger.approvedValues) {
    const [businessId, field] = key.split(':');
    const { rows } = await db.query<{ value: string }>(
      `SELECT ${field === 'description' ? 'description' : 'proof_of_support'} AS value FROM businesses WHERE id = $1`,
      [Number(businessId)],
    );
    suggestions.checked++;
    // An approved source joins the business's sources: the last one approved is the newest, its text the first line.
    const written = field === 'proof_of_support' ? rows[0]?.value.split('\n')[0] : rows[0]?.value;
    if (rows[0] && written !== value) suggestions.lost.push(`business #${businessId}.${field} is not the last approved value`);
  }
  checks.push(suggestions);

  // Businesses and reports: a doomed business whose report was approved is gone with its reports (cascade job);
  // every other one answered 2xx is there, reports with the status their review answered.
  const removed = new Set(
    [...ledger.reports.values()].filter((report) => report.doomed && report.status === 'approved').map((report) => report.businessId),
  );
  const goneWithBusiness = (businessId: number) => (removed.has(businessId) ? 'its report was approved (business removed)' : undefined);
  checks.push(
    await checkMarked(
      db,
      ledger,
      'businesses',
      'SELECT id, id AS business_id, owner_id AS user_id, NULL AS status, name AS text FROM businesses WHERE name LIKE $1',
      like,
      ledger.businesses,
      goneWithBusiness,
    ),
  );
  checks.push(
    await checkMarked(
      db,
      ledger,
      'reports',
      'SELECT id, business_id, reported_by AS user_id, status, description AS text FROM reports WHERE description LIKE $1',
      like,
      ledger.reports,
      (id) => goneWithBusiness(ledger.reports.get(id)!.businessId),
    ),
  );

  // Avatars: users.picture is what the upload answered and both sizes are on disk; refused uploads left none.
  const avatars = check('avatars');
  const { rows: pictureRows } = await db.query<{ id: number; picture: string | null }>('SELECT id, picture FROM users WHERE id = ANY($1)', [
    [...ledger.avatars.keys(), ...ledger.noAvatar],
  ]);
  const pictures = new Map(pictureRows.map((row) => [row.id, row.picture]));
  for (const [userId, picture] of ledger.avatars) {
    avatars.checked++;
    const keys = avatarKeysFromPicture(picture);
    if (pictures.get(userId) !== picture) avatars.lost.push(`user #${userId}: picture ${pictures.get(userId)}, upload answered ${picture}`);
    else if (!keys || !existsSync(join(uploadDir, keys.large)) || !existsSync(join(uploadDir, keys.small)))
      avatars.lost.push(`user #${userId}: files of ${picture} missing`);
  }
  for (const userId of ledger.noAvatar) {
    avatars.checked++;
    if (pictures.get(userId)) avatars.stray.push(`user #${userId} has a picture after a refused upload`);
  }
  checks.push(avatars);
  return checks;
}

/** Each vote or comment refused as the business was paused (423) was refused by a pause begun before the answer. */
async function checkPausedRefusals(db: pg.Pool, ledger: Ledger): Promise<Check> {
  const result = check('refused while paused (423)');
  const businessIds = [...new Set(ledger.pausedRefusals.map((refusal) => refusal.businessId))];
  const { rows } = await db.query<{ business_id: number; since: Date }>(
    'SELECT business_id, min(since) AS since FROM business_pauses WHERE business_id = ANY($1) GROUP BY business_id',
    [businessIds],
  );
  const pausedSince = new Map(rows.map((row) => [row.business_id, row.since.getTime()]));
  for (const refusal of ledger.pausedRefusals) {
    result.checked++;
    const since = pausedSince.get(refusal.businessId);
    const who = `user #${refusal.userId} on business #${refusal.businessId}`;
    if (refusal.code !== 'businessPausedForNewAccounts') result.lost.push(`${who}: 423 with code ${String(refusal.code)}`);
    else if (since === undefined || since > refusal.at) result.lost.push(`${who}: refused as paused, but no pause had begun`);
  }
  return result;
}

/** Polls until the worker has done what the writes enqueued (avatars resized, approved cascades run). */
export async function waitForJobs(db: pg.Pool, ledger: Ledger, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const removed = [...ledger.reports.values()].filter((report) => report.doomed && report.status === 'approved').map((report) => report.businessId);
  for (;;) {
    const { rows } = await db.query<{ pending: number }>(
      `SELECT (SELECT count(*) FROM businesses WHERE id = ANY($1))::int +
              (SELECT count(*) FROM unnest($2::int[], $3::text[]) AS a(id, picture) JOIN users u ON u.id = a.id
                WHERE u.picture IS DISTINCT FROM a.picture)::int AS pending`,
      [removed, [...ledger.avatars.keys()], [...ledger.avatars.values()]],
    );
    if (rows[0].pending === 0 || Date.now() - started > timeoutMs) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
