import type { MailRepository } from './mail.repository';
import { accountDeletedMail, freshnessReminderMail, passwordChangedMail, resetCodeMail } from './mail-templates';

/** The product's mails: which template goes to whom. */
export class MailService {
  constructor(
    private readonly mail: MailRepository,
    private readonly product: string,
    /** The shell's public origin (PUBLIC_ORIGIN): mailed links lead there. */
    private readonly publicOrigin: string,
  ) {}

  async sendResetCode(input: { to: string; name: string; code: string }) {
    return this.mail.send({ to: input.to, ...resetCodeMail({ product: this.product, name: input.name, code: input.code }) });
  }

  async sendPasswordChanged(input: { to: string; name: string }) {
    return this.mail.send({ to: input.to, ...passwordChangedMail({ product: this.product, name: input.name }) });
  }

  async sendAccountDeleted(input: { to: string; name: string }) {
    return this.mail.send({ to: input.to, ...accountDeletedMail({ product: this.product, name: input.name }) });
  }

  async sendFreshnessReminder(input: { to: string; name: string; businessId: number; businessName: string; token: string }) {
    const origin = this.publicOrigin.replace(/\/+$/, '');
    const confirmUrl = `${origin}/confirm-listing?token=${encodeURIComponent(input.token)}`;
    const editUrl = `${origin}/edit-business/${input.businessId}`;
    const mail = freshnessReminderMail({ product: this.product, name: input.name, businessName: input.businessName, confirmUrl, editUrl });
    return this.mail.send({ to: input.to, ...mail });
  }
}
