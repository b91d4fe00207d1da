import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeHost } from '../test/harness';
import { createQueryClient, remoteQueryClient, StaleAnswerError } from './queryClient';

describe('the admin QueryClient', () => {
  it('is made once per page load: the shell mounts the remote again on every route, the cache stays', () => {
    const first = remoteQueryClient(fakeHost());
    expect(remoteQueryClient(fakeHost())).toBe(first);
  });

  it("toasts a failed query's meta.failure (the server's own message first) once, and only logs one without it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost();
    const client = createQueryClient({ toast: host.toast, language: host.language, defaultOptions: { queries: { retry: false } } });
    const fail = (failure: unknown) => async () => Promise.reject(failure);

    await client
      .fetchQuery({ queryKey: ['a'], queryFn: fail(new ApiError(500, null)), meta: { failure: 'loadPendingReportsFailed' } })
      .catch(() => {});
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: fail(new ApiError(409, 'Try later')), meta: { failure: 'loadPendingReportsFailed' } })
      .catch(() => {});
    await client.fetchQuery({ queryKey: ['c'], queryFn: fail(new Error('boom')) }).catch(() => {});
    await client.fetchQuery({ queryKey: ['d'], queryFn: fail(new StaleAnswerError({})), meta: { failure: 'loadStatisticsFailed' } }).catch(() => {});

    await vi.waitFor(() => expect(vi.mocked(host.toast.error).mock.calls).toEqual([['Failed to load pending reports'], ['Try later']]));
    expect(error).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenLastCalledWith('c failed', expect.any(Error));
  });
});
