// The dev mail catcher of the stack under test (forgot-password codes, confirmation links, alert mails), read over
// HTTP. Browser and stack tests use it through the `mailbox` fixture (support/test.ts), which waits for mail.
import { e2e } from './env';

export interface Mail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe and List-Unsubscribe-Post, by lower-case name. */
  listHeaders: Record<string, string>;
  date: string;
}

/** Every mail (to `to` when given), newest first. */
export async function listMail(to?: string, mailboxUrl = e2e.mailboxUrl): Promise<Mail[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await fetch(`${mailboxUrl}/messages.json${query}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

export async function clearMail(mailboxUrl = e2e.mailboxUrl): Promise<void> {
  await fetch(`${mailboxUrl}/messages`, { method: 'DELETE' });
}
