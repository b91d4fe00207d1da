import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '@zaytoon/contract/client';
import { describe, expect, it } from 'vitest';
import { getCommentsQueryOptions } from './features/business/api/get-comments';
import { getConfirmationsQueryOptions } from './features/business/api/get-confirmations';
import { getSuggestionsQueryOptions } from './features/business/api/get-suggestions';
import { getVotesQueryOptions } from './features/business/api/get-votes';
import { getBusinessQueryOptions } from './features/directory/api/get-business';
import { SCREEN_PRELOADS } from './preload';

describe('the preloads this remote publishes', () => {
  it("are the business page's first reads, address for address", async () => {
    const asked: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://page.test',
      fetch: async (input) => {
        asked.push(String(input).slice('http://page.test'.length));
        return Response.json({});
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await Promise.all([
      client.fetchQuery(getBusinessQueryOptions(api, 42, null)),
      client.fetchQuery(getVotesQueryOptions(api, 42, null)),
      client.fetchInfiniteQuery(getCommentsQueryOptions(api, 42)),
      client.fetchQuery(getSuggestionsQueryOptions(api, 42)),
      client.fetchQuery(getConfirmationsQueryOptions(api, 42, null)),
    ]).catch(() => undefined);
    const published = SCREEN_PRELOADS['business-detail'].reads.map((template) => template.replaceAll('{id}', '42'));
    expect([...asked].sort()).toEqual([...published].sort());
  });
});
