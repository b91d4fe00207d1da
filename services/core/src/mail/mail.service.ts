import type { Language } from '@zaytoon/contract';
import type { MailRepository } from './mail.repository';
import type { AlertTokens } from '../alerts/alert-token';
import type { AlertDigest } from '../alerts/alerts.service';
import {
  alertDigestMail,
  accountDeletedMail,
  emailConfirmationMail,
  freshnessReminderMail,
  pauseNoticeMail,
  passwordChangedMail,
  resetCodeMail,
} from './mail-templates';

/** Who a mail goes to, and in which language (the member's, else the request's). */
interface MemberMail {
  to: string;
  name: string;
  language: Language;
}

/** The product's mails: which template goes to whom. */
export class MailService {
  constructor(
    private readonly mail: MailRepository,
    private readonly product: string,
    /** The shell's public origin (PUBLIC_ORIGIN): mailed links lead there. */
    private readonly publicOrigin: string,
  ) {}

  async sendResetCode(input: MemberMail & { code: string }) {
    return this.mail.send({ to: input.to, ...resetCodeMail({ product: this.product, ...input }) });
  }

  async sendPasswordChanged(input: MemberMail) {
    return this.mail.send({ to: input.to, ...passwordChangedMail({ product: this.product, ...input }) });
  }

  async sendAccountDeleted(input: MemberMail) {
    return this.mail.send({ to: input.to, ...accountDeletedMail({ product: this.product, ...input }) });
  }

  private get origin(): string {
    return this.publicOrigin.replace(/\/+$/, '');
  }

  async sendFreshnessReminder(input: MemberMail & { businessId: number; businessName: string; token: string }) {
    const origin = this.origin;
    const confirmUrl = `${origin}/confirm-listing?token=${encodeURIComponent(input.token)}`;
    const editUrl = `${origin}/edit-business/${input.businessId}`;
    const mail = freshnessReminderMail({ product: this.product, ...input, confirmUrl, editUrl });
    return this.mail.send({ to: input.to, ...mail });
  }

  async sendPauseNotice(input: MemberMail & { businessId: number; businessName: string }) {
    const businessUrl = `${this.origin}/business/${input.businessId}`;
    return this.mail.send({ to: input.to, ...pauseNoticeMail({ product: this.product, ...input, businessUrl }) });
  }

  /** The link to the page that confirms the member's address (on their click, never on the GET). */
  async sendEmailConfirmation(input: MemberMail & { token: string }) {
    const confirmUrl = `${this.origin}/confirm-email?token=${encodeURIComponent(input.token)}`;
    const mail = emailConfirmationMail({ product: this.product, ...input, email: input.to, confirmUrl });
    return this.mail.send({ to: input.to, ...mail });
  }

  /**
   * The member's alert mail. Each alert links to its own unsubscribe page; the List-Unsubscribe
   * headers (RFC 8058 one-click POST) end every alert of the mail.
   */
  async sendAlertDigest(input: MemberMail & { alerts: AlertDigest[] }, tokens: AlertTokens) {
    const origin = this.origin;
    const unsubscribePage = (token: string) => `${origin}/unsubscribe-alert?token=${encodeURIComponent(token)}`;
    const alerts = input.alerts.map((alert) => {
      const filters = new URLSearchParams();
      for (const key of ['search', 'category', 'city'] as const) if (alert[key]) filters.set(key, alert[key]!);
      if (alert.verified !== null && alert.verified !== undefined) filters.set('verified', String(alert.verified));
      if (alert.open_now) filters.set('open_now', 'true');
      if (alert.alternative_to) filters.set('alternative_to', alert.alternative_to);
      if (alert.palestinian_product) filters.set('palestinian_product', alert.palestinian_product);
      return {
        ...alert,
        browseUrl: `${origin}/browse${filters.size ? `?${filters}` : ''}`,
        unsubscribeUrl: unsubscribePage(tokens.sign([alert.id])),
        businessUrl: (id: number) => `${origin}/business/${id}`,
      };
    });
    const allToken = tokens.sign(input.alerts.map((alert) => alert.id));
    const mail = alertDigestMail({
      product: this.product,
      ...input,
      alerts,
      settingsUrl: `${origin}/account-settings`,
      unsubscribeAllUrl: unsubscribePage(allToken),
    });
    const oneClick = `${origin}/api/alerts/unsubscribe?token=${encodeURIComponent(allToken)}`;
    return this.mail.send({
      to: input.to,
      ...mail,
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
}
