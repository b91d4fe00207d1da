import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startWorker, waitFor, waitForJob, type TestContext } from './test-context';
import type { RunningWorker } from '../worker';

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
  it("send-reset-code in the member's language: Arabic, right to left, and English as before", async () => {
    const arabic = address();
    const english = address();
    await context.producer.enqueue('sendResetCode', { to: arabic, name: 'أمل', code: '483920', language: 'ar' });
    await context.producer.enqueue('sendResetCode', { to: english, name: 'Amal', code: '483921', language: 'en' });
    const [[ar], [en]] = await Promise.all(
      [arabic, english].map((to) => waitFor(async () => ((list) => list.length > 0 && list)(await context.mailsTo(to)), 10_000, 'reset mail')),
    );
    expect(ar).toMatchObject({ subject: 'رمز إعادة تعيين كلمة المرور في Zaytoon', language: 'ar' });
    expect(ar.text).toContain('مرحبًا أمل،');
    expect(ar.text).toContain('483920');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(en).toMatchObject({ subject: 'Zaytoon password reset code', language: 'en' });
    expect(en.text).toBe(
      'Hello Amal,\n\nYour Zaytoon password reset code is:\n\n    483921\n\nCode expires in 15 minutes. It works once.\n\n' +
        'If you did not ask to reset your password, ignore this email: your password stays as it is.\n\n— Zaytoon',
    );
    expect(en.html).toContain('<html lang="en" dir="ltr">');
  });

  it('send-reset-code: the code, the 15-minute notice, and an escaped name in the HTML', async () => {
    const to = address();
    // Completed reset jobs are removed at once (removeOnComplete), so the mail is what shows it ran.
    await context.producer.enqueue('sendResetCode', { to, name: '<b>Amal & Co</b>', code: '483920' });

    const [mail] = await waitFor(
      async () => {
        const list = await context.mailsTo(to);
        return list.length > 0 && list;
      },
      10_000,
      'reset mail',
    );
    expect(mail.subject).toBe('Zaytoon password reset code');
    expect(mail.text).toContain('483920');
    expect(mail.text).toContain('Code expires in 15 minutes');
    expect(mail.html).toContain('483920');
    expect(mail.html).toContain('&lt;b&gt;Amal &amp; Co&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Amal');
  });

  it('send-reset-code: the code rests in Redis only encrypted, reaches the mail, and the job is gone once done', async () => {
    const to = address();
    const code = '917364';
    // Held back so the job can be read at rest (raw hash in Redis) before the worker takes it.
    const jobId = await context.producer.enqueue('sendResetCode', { to, name: 'Amal', code }, { delay: 1500 });
    const redis = new Redis(context.env.REDIS_URL);
    const raw = await redis.hget(`bull:emails:${jobId}`, 'data');
    expect(raw).toBeTruthy();
    expect(raw).not.toContain(code);
    expect(JSON.parse(raw!)).toMatchObject({ to, name: 'Amal', code: expect.stringMatching(/^enc:v1:/) });

    const [mail] = await waitFor(
      async () => {
        const list = await context.mailsTo(to);
        return list.length > 0 && list;
      },
      15_000,
      'reset mail',
    );
    expect(mail.text).toContain(code);
    // removeOnComplete: the completed job (and its data) is deleted.
    await waitFor(async () => (await redis.exists(`bull:emails:${jobId}`)) === 0, 5_000, 'job removed');
    redis.disconnect();
  });

  it('send-reset-code sealed with another key fails at once without revealing anything', async () => {
    const { JobDataCipher } = await import('@zaytoon/core');
    const foreign = new JobDataCipher({ SESSION_SECRET: 'another-secret-of-enough-length' });
    const job = await context.queues.emails.add('send-reset-code', foreign.seal({ to: address(), name: 'x', code: '123456' }, ['code']));
    const result = await waitForJob(context.queues.emails, job.id!);
    expect(result.state).toBe('failed');
    expect(result.attemptsMade).toBe(1);
    expect(result.failedReason).toMatch(/does not open/);
  });

  it('send-password-changed and send-account-deleted', async () => {
    const to = address();
    const changed = await context.producer.enqueue('sendPasswordChanged', { to, name: 'Amal' });
    const deleted = await context.producer.enqueue('sendAccountDeleted', { to, name: 'Amal' });
    expect((await waitForJob(context.queues.emails, changed!)).state).toBe('completed');
    expect((await waitForJob(context.queues.emails, deleted!)).state).toBe('completed');

    const mails = await waitFor(
      async () => {
        const list = await context.mailsTo(to);
        return list.length >= 2 && list;
      },
      10_000,
      'two mails',
    );
    const subjects = mails.map((mail) => mail.subject).sort();
    expect(subjects).toEqual(['Your Zaytoon account was deleted', 'Your Zaytoon password was changed']);
    expect(mails.find((mail) => mail.subject.includes('password'))!.text).toContain('Hello Amal,');
  });

  it('send-pause-notice: the owner of a paused business, in their language, with the link to its page', async () => {
    const to = address();
    const job = await context.producer.enqueue('sendPauseNotice', {
      to,
      name: 'Amal',
      language: 'cy',
      pauseId: 7,
      businessId: 42,
      businessName: 'Olive Grove',
    });
    expect((await waitForJob(context.queues.emails, job!)).state).toBe('completed');
    const [mail] = await waitFor(async () => ((list) => list.length > 0 && list)(await context.mailsTo(to)), 15_000, 'pause notice');
    expect(mail.subject).toBe('Gweithgarwch anarferol ar "Olive Grove" ar Zaytoon');
    expect(mail.text).toContain(`${context.config.PUBLIC_ORIGIN.replace(/\/+$/, '')}/business/42`);
  });

  it("send-email-confirmation: the link to the page that confirms, sealed at rest, in the member's words", async () => {
    const to = address();
    const token = 'tok_' + randomBytes(16).toString('base64url');
    const jobId = await context.producer.enqueue('sendEmailConfirmation', { to, name: 'Amal', token }, { delay: 1000 });
    const redis = new Redis(context.env.REDIS_URL);
    const raw = await redis.hget(`bull:emails:${jobId}`, 'data');
    redis.disconnect();
    expect(raw).not.toContain(token);

    const [mail] = await waitFor(async () => ((list) => list.length > 0 && list)(await context.mailsTo(to)), 15_000, 'confirmation mail');
    expect(mail.subject).toBe('Confirm your email address on Zaytoon');
    const link = `${context.config.PUBLIC_ORIGIN.replace(/\/+$/, '')}/confirm-email?token=${token}`;
    expect(mail.text).toContain(`Please confirm that ${to} is your email address on Zaytoon.`);
    expect(mail.text).toContain(`Confirm my email address: ${link}`);
    expect(mail.text).toContain('The link works once, for 48 hours.');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('a payload that breaks the job schema fails at once, without retries', async () => {
    // Added straight to the queue: the producer would refuse it, an old or foreign producer might not.
    const job = await context.queues.emails.add('send-password-changed', { to: 'not-an-email', name: 'x' });
    const result = await waitForJob(context.queues.emails, job.id!);
    expect(result.state).toBe('failed');
    expect(result.attemptsMade).toBe(1);
    expect(result.failedReason).toMatch(/Invalid payload for send-password-changed/);
  });

  it('a job name with no handler on its queue fails at once', async () => {
    const job = await context.queues.emails.add('send-newsletter', {});
    const result = await waitForJob(context.queues.emails, job.id!);
    expect(result.state).toBe('failed');
    expect(result.attemptsMade).toBe(1);
    expect(result.failedReason).toMatch(/No handler for job "send-newsletter"/);
  });
});
