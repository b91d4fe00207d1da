import type { HostContext } from '@zaytoon/contract/client';
import { contractMessagesNow } from '@zaytoon/web-kit/contract-messages';

/**
 * Ends the session and says so, in the page's language. A module of its own, loaded by the Logout button: the
 * product's messages come with it instead of with every visitor's first page. `failed` is the list's own words for
 * a logout that failed without the server saying why.
 */
export async function logOut({ session, toast, language }: Pick<HostContext, 'session' | 'toast' | 'language'>, failed: string): Promise<void> {
  const messages = contractMessagesNow(language);
  try {
    await session.getState().logout();
    toast.success((await messages).t('loggedOut'));
  } catch (error) {
    console.error('logout failed', error);
    toast.error((await messages).errorWords(error) ?? failed);
  }
}
