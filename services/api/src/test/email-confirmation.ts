import type { ApiTestClient, TestApi } from './harness';
import { lastMailedSecret } from './reset-codes';

/** The token of the newest email confirmation link enqueued for `email`. */
export const lastMailedConfirmationToken = (api: TestApi, email: string) => lastMailedSecret(api, 'send-email-confirmation', email, 'token');

/** Confirms the member's address with the link signup mailed them, as its page does. */
export async function confirmEmail(api: TestApi, client: ApiTestClient, email: string): Promise<void> {
  const answer = await client.post('/api/auth/confirm-email', { token: await lastMailedConfirmationToken(api, email) });
  if (answer.status !== 200) throw new Error(`confirm-email answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}
