import { errorMessage, MESSAGES, type HostContext } from '@zaytoon/contract/client';

/**
 * Ends the session and says so. A module of its own, loaded by the Logout button: the product's
 * messages come with it instead of with every visitor's first page.
 */
export async function logOut({ session, toast }: Pick<HostContext, 'session' | 'toast'>): Promise<void> {
  try {
    await session.getState().logout();
    toast.success(MESSAGES.loggedOut);
  } catch (error) {
    console.error('logout failed', error);
    toast.error(errorMessage(error, 'Logout failed'));
  }
}
