import { JobDataCipher } from '@zaytoon/core';
import type { TestApi } from './harness';

/** A sealed field of the newest mail job `name` queued for `email`, opened with the API's key as the worker opens it. */
export async function lastMailedSecret(api: TestApi, name: string, email: string, field: string): Promise<string> {
  const jobs = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
  const mine = jobs.filter((job) => job.name === name && job.data.to === email).sort((a, b) => b.timestamp - a.timestamp);
  if (!mine.length) throw new Error(`no ${name} mail for ${email}`);
  return new JobDataCipher(api.core.config).decrypt(mine[0].data[field]);
}

/** The newest reset code enqueued for `email`. */
export const lastMailedResetCode = (api: TestApi, email: string) => lastMailedSecret(api, 'send-reset-code', email, 'code');
