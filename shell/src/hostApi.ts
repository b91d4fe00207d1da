import type { ApiClient, Business } from '@zaytoon/contract/client';

export interface ApiWatch {
  /** A business was read (its name titles its page). */
  businessRead(business: Business): void;
  /** A call failed; the answer is what the caller sees (the same error, or a clearer one). */
  failed(call: string, error: unknown): unknown;
}

/**
 * The API client the shell hands to the remotes, watched: every call goes through unchanged, and the shell
 * learns what it needs without the screens' help (a business's name, a session that ended on the server).
 */
export function watchApi(api: ApiClient, watch: ApiWatch): ApiClient {
  const watched: Record<string, unknown> = {};
  for (const [call, member] of Object.entries(api)) {
    if (typeof member !== 'function') {
      watched[call] = member;
      continue;
    }
    watched[call] = (...args: unknown[]) => {
      const result: unknown = (member as (...callArgs: unknown[]) => unknown)(...args);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (answer: unknown) => {
          if (call === 'getBusiness') watch.businessRead(answer as Business);
          return answer;
        },
        (error: unknown) => {
          throw watch.failed(call, error);
        },
      );
    };
  }
  return watched as ApiClient;
}
