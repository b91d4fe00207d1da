import type { ApiClient, Business, RouteName } from '@zaytoon/contract/client';

export interface ApiWatch {
  /** A business was read (its name titles its page). */
  businessRead(business: Business): void;
  /** A call of a route failed; the answer is what the caller sees (the same error, or a clearer one). */
  failed(route: RouteName, error: unknown): unknown;
}

/**
 * The API client the shell hands to the remotes, watched: every call goes through unchanged, and the shell
 * learns what it needs without the screens' help (a business's name, a session that ended on the server).
 */
export function watchApi(api: ApiClient, watch: ApiWatch): ApiClient {
  const watched = <Answer>(route: RouteName, answer: Promise<Answer>): Promise<Answer> =>
    answer.then(
      (value) => {
        if (route === 'getBusiness') watch.businessRead(value as Business);
        return value;
      },
      (error: unknown) => {
        throw watch.failed(route, error);
      },
    );
  return {
    ...api,
    call: (route, ...args) => watched(route, api.call(route, ...args)),
    callPage: (route, ...args) => watched(route, api.callPage(route, ...args)),
  };
}
