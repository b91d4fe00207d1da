import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type AdminStatistics } from '@zaytoon/contract/client';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { createQueryClient } from '../../../lib/queryClient';
import { statistics } from '../../../test/fixtures';
import { fakeApi, routeFake } from '../../../test/harness';
import { getStatisticsQueryOptions, STATISTICS_PATIENCE_MS } from './get-statistics';
import { adminVisit } from './visit';

const toast = () => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() });
const at = (time: number): AdminStatistics => statistics({ computed_at: new Date(time).toISOString() });

describe('the statistics query', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2024-03-05T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes any answer before the first decision, and one computed after the last decision at once', async () => {
    const api = fakeApi({ statistics: async () => at(Date.now() - 60_000) });
    const client = createQueryClient({ toast: toast(), language: createLanguageStore('en') });
    await expect(client.fetchQuery(getStatisticsQueryOptions(api))).resolves.toMatchObject({ pending: { reports: 4 } });

    adminVisit(client).changedAt = Date.now() - 120_000;
    await expect(client.fetchQuery({ ...getStatisticsQueryOptions(api), staleTime: 0 })).resolves.toBeTruthy();
    expect(routeFake(api, 'statistics')).toHaveBeenCalledTimes(2);
  });

  it('reads an answer older than the last decision again after 400, 800, 1600 ms... until the worker refreshed it', async () => {
    let computed = Date.now() - 1000;
    const api = fakeApi({ statistics: async () => at(computed) });
    const host = toast();
    const client = createQueryClient({ toast: host, language: createLanguageStore('en') });
    adminVisit(client).changedAt = Date.now();
    const answer = client.fetchQuery(getStatisticsQueryOptions(api));
    const calls = () => routeFake(api, 'statistics').mock.calls.length;

    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(800);
    expect(calls()).toBe(3);
    computed = Date.now(); // the worker's job ran
    await vi.advanceTimersByTimeAsync(1600);
    expect(calls()).toBe(4);
    await expect(answer).resolves.toEqual(at(computed));
    expect(host.error).not.toHaveBeenCalled();
  });

  it("gives up waiting once the decision is 12 s old and shows the server's numbers (a late worker, or clocks apart)", async () => {
    const stale = at(Date.now() - 1000);
    const api = fakeApi({ statistics: async () => stale });
    const host = toast();
    const client = createQueryClient({ toast: host, language: createLanguageStore('en') });
    adminVisit(client).changedAt = Date.now();
    const answer = client.fetchQuery(getStatisticsQueryOptions(api));
    await vi.advanceTimersByTimeAsync(STATISTICS_PATIENCE_MS);
    expect(routeFake(api, 'statistics')).toHaveBeenCalledTimes(5); // at 0, 0.4, 1.2, 2.8 and 6 s
    await vi.advanceTimersByTimeAsync(400);
    await expect(answer).resolves.toEqual(stale); // at 12.4 s
    expect(routeFake(api, 'statistics')).toHaveBeenCalledTimes(6);
    expect(host.error).not.toHaveBeenCalled();
  });

  it("a failed read is tried once more when the server erred, then toasts its detail, else 'Failed to load statistics'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failures = [new ApiError(500, null), new ApiError(0, null)];
    const api = fakeApi({
      statistics: async () => {
        throw failures.shift();
      },
    });
    const host = toast();
    const client = createQueryClient({ toast: host, language: createLanguageStore('en') });
    const first = client.fetchQuery(getStatisticsQueryOptions(api)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await first).toMatchObject({ status: 0 });
    expect(routeFake(api, 'statistics')).toHaveBeenCalledTimes(2);
    expect(host.error).toHaveBeenCalledTimes(1);
    expect(host.error).toHaveBeenLastCalledWith('Failed to load statistics');

    // a 4xx answer will not change: no second try
    failures.push(new ApiError(403, 'Admin access required'));
    await expect(client.fetchQuery({ ...getStatisticsQueryOptions(api), staleTime: 0 })).rejects.toMatchObject({ status: 403 });
    expect(routeFake(api, 'statistics')).toHaveBeenCalledTimes(3);
    expect(host.error).toHaveBeenLastCalledWith('Admin access required');
  });
});
