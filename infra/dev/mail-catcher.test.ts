// The mail catcher, driven by a real SMTP client (nodemailer, as the worker uses it).
import { request as httpRequest } from 'node:http';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher';

let catcher: MailCatcher;
let base: string;

function transport(extra: Record<string, unknown> = {}) {
  return nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, secure: false, ignoreTLS: true, ...extra });
}

async function inbox(query = ''): Promise<CaughtMail[]> {
  const response = await fetch(`${base}/messages.json${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return response.json();
}

beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1', limit: 5 });
  base = `http://127.0.0.1:${catcher.httpPort}`;
});

afterAll(async () => {
  await catcher.close();
});

beforeEach(async () => {
  const response = await fetch(`${base}/messages`, { method: 'DELETE' });
  expect(response.status).toBe(204);
});

describe('mail catcher', () => {
  it('captures a text + html mail with a unicode subject and long quoted-printable lines', async () => {
    const long = 'Your reset code is 123456. ' + 'x'.repeat(200) + ' — café';
    await transport().sendMail({
      from: 'Zaytoon <no-reply@zaytoon.local>',
      to: 'Amal <amal@example.com>',
      subject: 'Réinitialisation — زيتون',
      text: long,
      html: `<p>Code <b>123456</b> — café</p>`,
    });
    const [mail] = await inbox();
    expect(mail.to).toEqual(['amal@example.com']);
    expect(mail.subject).toBe('Réinitialisation — زيتون');
    expect(mail.text).toBe(long);
    expect(mail.html).toBe('<p>Code <b>123456</b> — café</p>');
    expect(mail.from).toContain('no-reply@zaytoon.local');
    expect(new Date(mail.date).toISOString()).toBe(mail.date);
  });

  it('lists every envelope recipient, including cc and bcc', async () => {
    await transport().sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      cc: 'c@example.com',
      bcc: 'd@example.com',
      subject: 'hi',
      text: 'hello',
    });
    const [mail] = await inbox();
    expect(mail.to.sort()).toEqual(['b@example.com', 'c@example.com', 'd@example.com']);
    expect(mail.text).toBe('hello');
    expect(mail.html).toBe('');
  });

  it('decodes base64 bodies and skips attachments', async () => {
    await transport().sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'with attachment',
      text: 'Body in base64 ✓\nsecond line',
      textEncoding: 'base64',
      attachments: [{ filename: 'note.txt', content: 'attachment text must not become the body' }],
    });
    const [mail] = await inbox();
    expect(mail.text).toBe('Body in base64 ✓\nsecond line');
  });

  it('accepts SMTP AUTH with any credentials (production-like SMTP_USER/SMTP_PASS)', async () => {
    await transport({ auth: { user: 'someone', pass: 'secret' } }).sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'auth',
      text: 'ok',
    });
    expect((await inbox())[0].subject).toBe('auth');
  });

  it('answers newest first, filters by recipient, keeps at most `limit` mails, and clears', async () => {
    const mailer = transport();
    for (let i = 1; i <= 7; i++) {
      await mailer.sendMail({ from: 'a@example.com', to: i % 2 ? 'odd@example.com' : 'even@example.com', subject: `mail ${i}`, text: String(i) });
    }
    const all = await inbox();
    expect(all.map((m) => m.subject)).toEqual(['mail 7', 'mail 6', 'mail 5', 'mail 4', 'mail 3']);
    expect((await inbox('?to=EVEN@example.com')).map((m) => m.subject)).toEqual(['mail 6', 'mail 4']);
    await fetch(`${base}/messages`, { method: 'DELETE' });
    expect(await inbox()).toEqual([]);
  });

  it('serves a readable HTML page that escapes mail content', async () => {
    await transport().sendMail({ from: 'a@example.com', to: 'b@example.com', subject: '<script>alert(1)</script>', text: 'x' });
    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain('&#60;script&#62;');
    expect(page).not.toContain('<script>alert');
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it('answers only requests addressed to localhost, 127.0.0.1 or [::1] with its port (DNS rebinding)', async () => {
    const port = catcher.httpPort;
    const ask = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/messages.json', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject).end();
      });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) expect(await ask(host), host).toBe(200);
    for (const host of [`evil.example:${port}`, `evil.example`, 'localhost', `localhost:${port + 1}`, `127.0.0.1.evil.example:${port}`]) {
      expect(await ask(host), host).toBe(403);
    }
  });
});

describe('mail catcher, hand-written messages nodemailer does not produce', () => {
  const sendRaw = (lines: string[], lineBreak = '\r\n') =>
    transport().sendMail({ envelope: { from: 'a@example.com', to: 'b@example.com' }, raw: lines.join(lineBreak) });

  it('reads nested multipart/mixed > multipart/alternative, folded encoded-word headers and a latin-1 quoted-printable part', async () => {
    await sendRaw([
      'From: =?UTF-8?Q?Caf=C3=A9?= <a@example.com>',
      'To: b@example.com',
      'Subject: =?UTF-8?B?UGFzc3dvcmQg?=',
      '  =?UTF-8?Q?r=C3=A9set?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      'preamble',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=ISO-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'caf=E9 and a soft=',
      ' break',
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>café</p>').toString('base64'),
      '--inner--',
      '--outer',
      'Content-Type: application/octet-stream',
      'Content-Disposition: attachment; filename="note.bin"',
      '',
      'attachment bytes must not become the body',
      '--outer--',
      '',
    ]);
    const [mail] = await inbox();
    expect(mail.from).toContain('Café');
    expect(mail.from).toContain('<a@example.com>');
    expect(mail.subject).toBe('Password réset');
    expect(mail.text).toBe('café and a soft break');
    expect(mail.html).toBe('<p>café</p>');
  });

  it('copes with bare LF line endings and no Content-Type', async () => {
    await sendRaw(['Subject: plain', 'To: x@example.com', '', 'line one', 'line two', ''], '\n');
    const [mail] = await inbox();
    expect(mail.subject).toBe('plain');
    expect(mail.text).toBe('line one\nline two');
    expect(mail.html).toBe('');
  });
});

describe('mail catcher defaults', () => {
  it('binds 127.0.0.1 when no host is given', async () => {
    const local = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    try {
      expect(local.addresses).toEqual({ smtp: '127.0.0.1', http: '127.0.0.1' });
    } finally {
      await local.close();
    }
  });
});
