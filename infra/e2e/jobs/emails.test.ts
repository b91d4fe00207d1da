// emails queue, end to end: API → BullMQ → worker process → SMTP → dev mail catcher.
import { expect, test } from '../support/test';

import { e2e } from '../support/env';
import { ApiClient, signUp } from './api-client';

const product = e2e.productName;

test.describe('emails queue (forgot password → mailed code → reset)', () => {
  test('mails a 6-digit code that resets the password, then a password-changed notice', async ({ mailbox }) => {
    const member = await signUp('mail');
    expect((await member.client.get('/api/auth/me')).status).toBe(200);

    const asked = await new ApiClient().post('/api/auth/forgot-password', { email_or_username: member.username });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('If an account exists, a verification code has been sent');

    const mail = await mailbox.waitFor(member.email, { subject: new RegExp(`^${product} password reset code$`), timeoutMs: 15_000 });
    expect(mail.to).toEqual([member.email]);
    expect(mail.text).toContain('Code expires in 15 minutes');
    expect(mail.html).toContain('Code expires in 15 minutes');
    expect(mail.text).toContain(`Hello ${member.name},`);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, mail.text).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);

    // A wrong code is refused and does not use up the right one.
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await new ApiClient().post('/api/auth/reset-password', {
      email_or_username: member.email,
      verification_code: wrong,
      new_password: 'second-pass-456',
    });
    expect(refused.status).toBe(400);

    const reset = await new ApiClient().post('/api/auth/reset-password', {
      email_or_username: member.email,
      verification_code: code,
      new_password: 'second-pass-456',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.message).toBe('Password reset successfully');

    // Single use.
    const again = await new ApiClient().post('/api/auth/reset-password', {
      email_or_username: member.email,
      verification_code: code,
      new_password: 'third-pass-789',
    });
    expect(again.status).toBe(400);

    // Reset ends every other session, including the one signup opened.
    expect((await member.client.get('/api/auth/me')).status).toBe(401);

    const oldPassword = await new ApiClient().login(member.username, member.password);
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body.detail).toBe('Invalid email/username or password');

    const fresh = new ApiClient();
    const newPassword = await fresh.login(member.email, 'second-pass-456');
    expect(newPassword.status, JSON.stringify(newPassword.body)).toBe(200);
    expect(newPassword.body).toMatchObject({ id: member.id, username: member.username });
    expect((await fresh.get('/api/auth/me')).body).toMatchObject({ id: member.id });

    const notice = await mailbox.waitFor(member.email, { subject: new RegExp(`^Your ${product} password was changed$`), timeoutMs: 15_000 });
    expect(notice.text).toContain('every other session was signed out');
    expect(notice.html).toContain('every other session was signed out');
  });
});
