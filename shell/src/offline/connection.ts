import { createStore, type StoreApi } from 'zustand/vanilla';
import { NoConnectionError } from '@zaytoon/contract/client';
import { SAVED_ANSWER_HEADER } from './saved-answer';

export interface ConnectionState {
  /** The browser is offline, or the last answer of the API was one the service worker had kept. */
  offline: boolean;
}

export interface Connection {
  store: StoreApi<ConnectionState>;
  /** The API client's fetch, watched: each answer says whether it came from the network. */
  watchFetch(fetcher: typeof fetch): typeof fetch;
}

export function createConnection(target: Pick<Window, 'addEventListener'> = window, browser: Pick<Navigator, 'onLine'> = navigator): Connection {
  let savedAnswer = false;
  const store = createStore<ConnectionState>(() => ({ offline: !browser.onLine }));
  const update = () => store.setState({ offline: !browser.onLine || savedAnswer });
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  return {
    store,
    watchFetch: (fetcher) => async (input, init) => {
      let response: Response;
      try {
        response = await fetcher(input, init);
      } catch (error) {
        if (store.getState().offline && !init?.signal?.aborted) throw new NoConnectionError();
        throw error;
      }
      savedAnswer = response.headers.has(SAVED_ANSWER_HEADER);
      update();
      return response;
    },
  };
}
