// Hand-written messages the nodemailer round trip does not produce.
import { describe, expect, it } from 'vitest';
import { parseMail } from './mime';

describe('parseMail', () => {
  it('reads nested multipart/mixed > multipart/alternative with a latin-1 quoted-printable part', () => {
    const raw = [
      'From: =?UTF-8?Q?Caf=C3=A9?= <a@example.com>',
      'To: b@example.com',
      'Subject: =?UTF-8?B?UGFzc3dvcmQg?=',
      '  =?UTF-8?Q?r=C3=A9set?=',
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
      '',
      '<p>caf\u00e9</p>',
      '--inner--',
      '--outer',
      'Content-Type: text/plain',
      'Content-Disposition: inline',
      '',
      'second text part is ignored',
      '--outer--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.from).toBe('Café <a@example.com>');
    expect(mail.subject).toBe('Password réset');
    expect(mail.text).toBe('café and a soft break');
    expect(mail.html).toBe('<p>café</p>');
  });

  it('copes with bare LF line endings and no Content-Type', () => {
    const mail = parseMail('Subject: plain\nTo: x@example.com\n\nline one\nline two\n');
    expect(mail.subject).toBe('plain');
    expect(mail.to).toBe('x@example.com');
    expect(mail.text).toBe('line one\nline two');
  });
});
