import type { MailMessage } from './mail.repository';

export type RenderedMail = Omit<MailMessage, 'to'>;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export interface MailLink {
  label: string;
  url: string;
}

/** One plain layout for every mail; `paragraphs` are plain text and escaped here; `links` become buttons after them. */
function layout(product: string, paragraphs: string[], highlight?: string, links: MailLink[] = []): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`);
  body.push(
    ...links.map(
      (link) =>
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#166534;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>`,
    ),
  );
  if (highlight !== undefined) {
    body.splice(
      1,
      0,
      `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(highlight)}</p>`,
    );
  }
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(product)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#166534;margin:0 0 24px">${escapeHtml(product)}</h1>
${body.join('\n')}
</body></html>`;
}

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function resetCodeMail(input: { product: string; name: string; code: string }): RenderedMail {
  const { product, name, code } = input;
  const lines = [
    greeting(name),
    `Your ${product} password reset code is:`,
    'Code expires in 15 minutes. It works once.',
    'If you did not ask to reset your password, ignore this email: your password stays as it is.',
  ];
  return {
    subject: `${product} password reset code`,
    text: [lines[0], '', lines[1], '', `    ${code}`, '', lines[2], '', lines[3], '', `— ${product}`].join('\n'),
    html: layout(product, lines, code),
  };
}

export function passwordChangedMail(input: { product: string; name: string }): RenderedMail {
  const { product, name } = input;
  const lines = [
    greeting(name),
    `The password of your ${product} account was just changed, and every other session was signed out.`,
    `If this was not you, reset your password at once with "Forgot Password?" on the ${product} sign-in page.`,
  ];
  return {
    subject: `Your ${product} password was changed`,
    text: [...lines.flatMap((line) => [line, '']), `— ${product}`].join('\n'),
    html: layout(product, lines),
  };
}

export function accountDeletedMail(input: { product: string; name: string }): RenderedMail {
  const { product, name } = input;
  const lines = [
    greeting(name),
    `Your ${product} account has been deleted, as you asked.`,
    'Your profile, comments and pending suggestions are gone. Businesses you added stay listed without your name.',
    `Thank you for being part of ${product}.`,
  ];
  return {
    subject: `Your ${product} account was deleted`,
    text: [...lines.flatMap((line) => [line, '']), `— ${product}`].join('\n'),
    html: layout(product, lines),
  };
}

/** Issue #14 point 4: every 6 months, the claimed owner checks the listing with one click or edits it. */
export function freshnessReminderMail(input: {
  product: string;
  name: string;
  businessName: string;
  confirmUrl: string;
  editUrl: string;
}): RenderedMail {
  const { product, name, businessName, confirmUrl, editUrl } = input;
  const lines = [
    greeting(name),
    `You manage "${businessName}" on ${product}. Is everything on its page still accurate?`,
    'If it is, one click tells visitors so. The link works once, for 30 days, without signing in.',
    'If something changed (hours, phone, website, sources), edit the listing instead.',
  ];
  const links = [
    { label: 'Everything is still accurate', url: confirmUrl },
    { label: 'Edit the listing', url: editUrl },
  ];
  return {
    subject: `Is "${businessName}" still accurate on ${product}?`,
    text: [...lines.flatMap((line) => [line, '']), ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']), `— ${product}`].join('\n'),
    html: layout(product, lines, undefined, links),
  };
}
