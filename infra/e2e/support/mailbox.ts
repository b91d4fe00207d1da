// The dev mail catcher as seen by browser tests (forgot-password codes and the like).
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

export async function listMail(to?: string): Promise<Mail[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await fetch(`${e2e.mailboxUrl}/messages.json${query}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

export async function clearMail(): Promise<void> {
  await fetch(`${e2e.mailboxUrl}/messages`, { method: 'DELETE' });
}

/** Polls until a mail to `to` (optionally matching `subject`) arrives; newest first. */
export async function waitForMail(to: string, { subject, timeoutMs = 15_000 }: { subject?: RegExp; timeoutMs?: number } = {}): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await listMail(to)).find((m) => !subject || subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
}
