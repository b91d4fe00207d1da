import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startWorker, waitFor, waitForJob, type TestContext } from './test-context.ts';
import type { RunningWorker } from '../worker.ts';

let context: TestContext;
let worker: RunningWorker;

beforeAll(async () => {
  context = await createTestContext();
  worker = await startWorker(context);
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
});

const address = () => `mail-${randomBytes(4).toString('hex')}@example.com`;

describe('email jobs deliver real mail over SMTP', () => {
  it('send-reset-code: the code, the 15-minute notice, and an escaped name in the HTML', async () => {
    const to = address();
    const jobId = await context.producer.enqueue('sendResetCode', { to, name: '<b>Amal & Co</b>', code: '483920' });
    const result = await waitForJob(context.queues.emails, jobId!);
    expect(result.state).toBe('completed');

    const [mail] = await waitFor(async () => {
      const list = await context.mailsTo(to);
      return list.length > 0 && list;
    }, 10_000, 'reset mail');
    expect(mail.subject).toBe('Zaytoon password reset code');
    expect(mail.text).toContain('483920');
    expect(mail.text).toContain('Code expires in 15 minutes');
    expect(mail.html).toContain('483920');
    expect(mail.html).toContain('&lt;b&gt;Amal &amp; Co&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Amal');
  });

  it('send-password-changed and send-account-deleted', async () => {
    const to = address();
    const changed = await context.producer.enqueue('sendPasswordChanged', { to, name: 'Amal' });
    const deleted = await context.producer.enqueue('sendAccountDeleted', { to, name: 'Amal' });
    expect((await waitForJob(context.queues.emails, changed!)).state).toBe('completed');
    expect((await waitForJob(context.queues.emails, deleted!)).state).toBe('completed');

    const mails = await waitFor(async () => {
      const list = await context.mailsTo(to);
      return list.length >= 2 && list;
    }, 10_000, 'two mails');
    const subjects = mails.map((mail) => mail.subject).sort();
    expect(subjects).toEqual(['Your Zaytoon account was deleted', 'Your Zaytoon password was changed']);
    expect(mails.find((mail) => mail.subject.includes('password'))!.text).toContain('Hello Amal,');
  });

  it('a payload that breaks the job schema fails at once, without retries', async () => {
    // Added straight to the queue: the producer would refuse it, an old or foreign producer might not.
    const job = await context.queues.emails.add('send-reset-code', { to: 'not-an-email', name: 'x', code: 'abc' });
    const result = await waitForJob(context.queues.emails, job.id!);
    expect(result.state).toBe('failed');
    expect(result.attemptsMade).toBe(1);
    expect(result.failedReason).toMatch(/Invalid payload for send-reset-code/);
  });

  it('a job name with no handler on its queue fails at once', async () => {
    const job = await context.queues.emails.add('send-newsletter', {});
    const result = await waitForJob(context.queues.emails, job.id!);
    expect(result.state).toBe('failed');
    expect(result.attemptsMade).toBe(1);
    expect(result.failedReason).toMatch(/No handler for job "send-newsletter"/);
  });
});
