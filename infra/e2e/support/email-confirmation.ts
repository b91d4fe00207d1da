// Signup mails a link that confirms the address; alerts, the claims' domain hint and owners' reminders need a
// confirmed one. Tests read the link from the dev mail catcher, as a member reads their mail.
import { ApiClient } from '../jobs/api-client';
import { e2e } from './env';
import type { Mailbox } from './test';

export const CONFIRMATION_SUBJECT = new RegExp(`^Confirm your email address on ${e2e.productName}$`);

/** The confirmation link of the newest confirmation mail to `email`. */
export async function mailedConfirmationLink(mailbox: Mailbox, email: string): Promise<URL> {
  const mail = await mailbox.waitFor(email, { subject: CONFIRMATION_SUBJECT });
  const link = /(\S+\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no confirmation link in the mail to ${email}:\n${mail.text}`);
  return new URL(link);
}

/** Confirms the address with the mailed link's token, as its page's button does (no session needed). */
export async function confirmMailedAddress(mailbox: Mailbox, email: string): Promise<void> {
  const token = (await mailedConfirmationLink(mailbox, email)).searchParams.get('token');
  const answer = await new ApiClient().post('/api/auth/confirm-email', { token });
  if (answer.status !== 200) throw new Error(`confirm-email answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}
