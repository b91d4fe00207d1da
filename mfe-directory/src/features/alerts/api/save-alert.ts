import type { DirectoryFilter, HostContext } from '@zaytoon/contract/client';
import { contractMessagesNow } from '@zaytoon/web-kit/contract-messages';
import { remoteQueryClient } from '../../../lib/queryClient';
import { alertKeys } from './get-alerts';

/**
 * 'Email me new businesses like these' on /browse: saves every filter of the list as an alert and says so, in the
 * page's language.
 */
export async function saveAlert({ api, toast, language }: Pick<HostContext, 'api' | 'toast' | 'language'>, filter: DirectoryFilter): Promise<void> {
  const messages = contractMessagesNow(language);
  try {
    const { city, category, search, verified, open_now, alternative_to, palestinian_product } = filter;
    await api.call('createAlert', { body: { city, category, search, verified, open_now, alternative_to, palestinian_product } });
    toast.success((await messages).t('alertSaved'));
    await remoteQueryClient().invalidateQueries({ queryKey: alertKeys.mine });
  } catch (error) {
    console.error('saving the alert failed', error);
    toast.error((await messages).errorText(error, 'saveAlertFailed'));
  }
}
