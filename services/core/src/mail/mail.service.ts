import type { MailRepository } from './mail.repository';
import { accountDeletedMail, passwordChangedMail, resetCodeMail } from './mail-templates';

/** The product's mails: which template goes to whom. */
export class MailService {
  constructor(
    private readonly mail: MailRepository,
    private readonly product: string,
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
}
