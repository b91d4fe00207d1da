import { JobDataCipher } from '@zaytoon/core';
import type { TestApi } from './harness';

/** The newest reset code enqueued for `email`, opened with the API's key as the worker opens it. */
export async function lastMailedResetCode(api: TestApi, email: string): Promise<string> {
  const jobs = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
  const mine = jobs.filter((job) => job.name === 'send-reset-code' && job.data.to === email).sort((a, b) => b.timestamp - a.timestamp);
  if (!mine.length) throw new Error(`no reset mail for ${email}`);
  return new JobDataCipher(api.core.config).decrypt(mine[0].data.code);
}
