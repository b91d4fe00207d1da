import type { Language } from '@zaytoon/contract';
import type { MailRepository } from './mail.repository';
import { accountDeletedMail, freshnessReminderMail, passwordChangedMail, resetCodeMail } from './mail-templates';

/** Who a mail goes to, and in which language (the member's, else the request's: issue #15). */
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

  async sendFreshnessReminder(input: MemberMail & { businessId: number; businessName: string; token: string }) {
    const origin = this.publicOrigin.replace(/\/+$/, '');
    const confirmUrl = `${origin}/confirm-listing?token=${encodeURIComponent(input.token)}`;
    const editUrl = `${origin}/edit-business/${input.businessId}`;
    const mail = freshnessReminderMail({ product: this.product, ...input, confirmUrl, editUrl });
    return this.mail.send({ to: input.to, ...mail });
  }
}
