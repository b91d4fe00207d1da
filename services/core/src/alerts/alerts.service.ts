import { ALERT_RULES, DEFAULT_LANGUAGE, MESSAGES, coded, type Alert, type alertInputSchema, type User, type Valid } from '@zaytoon/contract';
import { BrandsRepository } from '../brands/brands.repository';
import { BusinessesRepository, type DirectoryFilters } from '../businesses/businesses.repository';
import { inTransaction, type Database } from '../db/pool';
import { badRequest, conflict, forbidden, notFound } from '../errors/domain-error';
import type { JobPayload } from '../jobs/job-definitions';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { AlertTokens } from './alert-token';
import { AlertsRepository, type AlertFilters } from './alerts.repository';

/** Every day at 07:00 UTC the members with alerts are mailed what is new (a restart of the workers keeps the schedule). */
export const ALERT_MAIL_SCHEDULE = { id: 'send-alert-mails-daily', pattern: '0 7 * * *', tz: 'UTC' } as const;

/** Members read per page of the daily run; each member is then taken, read and queued in a transaction of their own. */
const MEMBERS_PER_PAGE = 200;

export type AlertDigest = JobPayload<'sendAlertDigest'>['alerts'][number];

/**
 * The directory's filters of an alert (null: none), as /browse sends them. A mail has no 'now': its 'Open now' lists
 * the businesses whose hours say when they open (docs/decisions/0023-alerts.md).
 */
export const alertDirectoryFilters = (alert: AlertFilters): DirectoryFilters => ({
  city: alert.city ?? undefined,
  category: alert.category ?? undefined,
  search: alert.search ?? undefined,
  verified: alert.verified ?? undefined,
  opensInTheWeek: alert.open_now || undefined,
  alternativeTo: alert.alternative_to ?? undefined,
  palestinianProduct: alert.palestinian_product ?? undefined,
});

/** An alert on a brand or product type the list does not hold would never mail anything: refused as the tags' forms refuse it. */
async function refuseUnknownTags(brands: BrandsRepository, input: AlertFilters): Promise<void> {
  if (input.alternative_to && !(await brands.bySlugs([input.alternative_to])).length)
    throw badRequest('brandUnknown', { alternative_to: coded('brandUnknown') });
  const product = input.palestinian_product;
  if (product && product !== 'any' && !(await brands.productTypesBySlugs([product])).length) {
    throw badRequest('productTypeUnknown', { palestinian_product: coded('productTypeUnknown') });
  }
}

/**
 * Members' alerts, 'Email me new businesses like these': every filter of /browse, mailed daily with the businesses the directory lists for them that were added since the alert's last mail. A
 * member's alerts share one mail, at most one a day, and none when nothing is new.
 */
export class AlertsService {
  private readonly alerts: AlertsRepository;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueueRepository,
    private readonly tokens: AlertTokens,
  ) {
    this.alerts = new AlertsRepository(db);
  }

  list(member: User): Promise<Alert[]> {
    return this.alerts.listForMember(member.id);
  }

  create(input: Valid<typeof alertInputSchema>, member: User): Promise<Alert> {
    return inTransaction(this.db, async (client) => {
      const alerts = new AlertsRepository(client);
      if (!(await alerts.lockMember(member.id)).emailConfirmed) throw forbidden('emailNotConfirmed');
      await refuseUnknownTags(new BrandsRepository(client), input);
      if ((await alerts.countForMember(member.id)) >= ALERT_RULES.maxPerMember) {
        throw conflict(coded('tooManyAlerts', { max: ALERT_RULES.maxPerMember }));
      }
      const alert = await alerts.insert(member.id, input);
      if (!alert) throw conflict('alertExists');
      return alert;
    });
  }

  async delete(id: number, member: User): Promise<{ message: string }> {
    if (!(await this.alerts.deleteOwn(id, member.id))) throw notFound('alertNotFound');
    return { message: MESSAGES.alertDeleted };
  }

  /** Refuses a token this site did not sign (400) before the browser is sent on to the page that ends the alert. */
  checkUnsubscribeToken(token: string): void {
    if (!this.tokens.verify(token)) throw badRequest('alertLinkInvalid');
  }

  /** The mail's one-click unsubscribe: the signed token is the authority. Ending an ended alert again answers alike. */
  async unsubscribe(token: string): Promise<{ message: string }> {
    const alertIds = this.tokens.verify(token);
    if (!alertIds) throw badRequest('alertLinkInvalid');
    await this.alerts.deleteByIds(alertIds);
    return { message: MESSAGES.alertEnded };
  }

  /** The daily run: every member with alerts and no alert mail today, a page at a time. Returns the mails queued. */
  async sendDueMails(pageSize = MEMBERS_PER_PAGE): Promise<number> {
    let queued = 0;
    let afterUserId = 0;
    for (;;) {
      const members = await this.alerts.membersDue(afterUserId, pageSize);
      for (const userId of members) if (await this.mailMember(userId)) queued += 1;
      if (members.length < pageSize) return queued;
      afterUserId = members[members.length - 1];
    }
  }

  /**
   * One member's mail. The member is marked mailed today and their alerts move on in the transaction that queues the
   * mail: a failed queue leaves them due, and a second run the same day finds nothing to take.
   */
  private mailMember(userId: number): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      const alerts = new AlertsRepository(client);
      const member = await alerts.takeMember(userId);
      if (!member) return false;
      const businesses = new BusinessesRepository(client);
      const digests: AlertDigest[] = [];
      for (const alert of await alerts.alertsOf(userId)) {
        const added = await businesses.listAddedBetween(alertDirectoryFilters(alert), alert.new_since, member.until, ALERT_RULES.businessesPerMail);
        if (!added.length) continue;
        digests.push({
          id: alert.id,
          city: alert.city,
          category: alert.category,
          search: alert.search,
          verified: alert.verified,
          open_now: alert.open_now,
          alternative_to: alert.alternative_to,
          alternative_to_name: alert.alternative_to_name,
          palestinian_product: alert.palestinian_product,
          palestinian_product_name: alert.palestinian_product_name,
          total: added[0].total,
          businesses: added.map(({ id, name, city }) => ({ id, name, city })),
        });
      }
      if (!digests.length) return false;
      await alerts.markMailed(userId, member.until);
      await this.jobs.enqueue('sendAlertDigest', {
        to: member.email,
        name: member.name,
        language: member.language ?? DEFAULT_LANGUAGE,
        userId,
        day: member.until.toISOString().slice(0, 10),
        alerts: digests,
      });
      return true;
    });
  }
}
