import {
  EMAIL_CONFIRMATION_RULES,
  LIMITS,
  OWNER_RULES,
  describeAlert,
  directionOf,
  isSeededProductType,
  type DescribableAlert,
  type Language,
} from '@zaytoon/contract';
import type { AlertDigest } from '../alerts/alerts.service';
import type { MailMessage } from './mail.repository';
import { mailTexts, type MailText } from './mail-i18n';

export type RenderedMail = Omit<MailMessage, 'to'>;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export interface MailLink {
  label: string;
  url: string;
}

/** A mail's language: its texts, and the `lang`/`dir` its HTML and Content-Language say. */
export interface MailLanguage {
  language: Language;
}

/**
 * One plain layout for every mail; `paragraphs` are plain text and escaped here; `blocks` (HTML built with escapeHtml)
 * follow them, and `links` become buttons after those.
 */
function layout(
  language: Language,
  product: string,
  paragraphs: string[],
  highlight?: string,
  links: MailLink[] = [],
  blocks: string[] = [],
): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`);
  body.push(...blocks);
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
<html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><title>${escapeHtml(product)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#166534;margin:0 0 24px">${escapeHtml(product)}</h1>
${body.join('\n')}
</body></html>`;
}

const greeting = (t: MailText, name: string) => (name.trim() ? t('greeting', { name: name.trim() }) : t('greetingWithoutName'));

/** The text part: each line a paragraph, then the signature. */
const plainText = (product: string, lines: string[]) => [...lines.flatMap((line) => [line, '']), `— ${product}`].join('\n');

const rendered = (language: Language, subject: string, text: string, html: string): RenderedMail => ({ subject, text, html, language });

export function resetCodeMail(input: { product: string; name: string; code: string } & MailLanguage): RenderedMail {
  const { product, name, code, language } = input;
  const t = mailTexts(language);
  const lines = [
    greeting(t, name),
    t('resetCode.intro', { product }),
    t('resetCode.expiry', { count: LIMITS.resetCodeTtlMinutes }),
    t('resetCode.notYou'),
  ];
  return rendered(
    language,
    t('resetCode.subject', { product }),
    plainText(product, [lines[0], lines[1], `    ${code}`, lines[2], lines[3]]),
    layout(language, product, lines, code),
  );
}

export function passwordChangedMail(input: { product: string; name: string } & MailLanguage): RenderedMail {
  const { product, name, language } = input;
  const t = mailTexts(language);
  const lines = [greeting(t, name), t('passwordChanged.changed', { product }), t('passwordChanged.notYou', { product })];
  return rendered(language, t('passwordChanged.subject', { product }), plainText(product, lines), layout(language, product, lines));
}

export function accountDeletedMail(input: { product: string; name: string } & MailLanguage): RenderedMail {
  const { product, name, language } = input;
  const t = mailTexts(language);
  const lines = [greeting(t, name), t('accountDeleted.deleted', { product }), t('accountDeleted.gone'), t('accountDeleted.thanks', { product })];
  return rendered(language, t('accountDeleted.subject', { product }), plainText(product, lines), layout(language, product, lines));
}

/** Every 6 months, the claimed owner checks the listing with one click or edits it. */
export function freshnessReminderMail(
  input: {
    product: string;
    name: string;
    businessName: string;
    confirmUrl: string;
    editUrl: string;
  } & MailLanguage,
): RenderedMail {
  const { product, name, businessName: business, confirmUrl, editUrl, language } = input;
  const t = mailTexts(language);
  const lines = [
    greeting(t, name),
    t('freshness.question', { business, product }),
    t('freshness.oneClick', { count: OWNER_RULES.confirmLinkValidDays }),
    t('freshness.changed'),
  ];
  const links = [
    { label: t('freshness.confirm'), url: confirmUrl },
    { label: t('freshness.edit'), url: editUrl },
  ];
  return rendered(
    language,
    t('freshness.subject', { business, product }),
    plainText(product, [...lines, ...links.map((link) => `${link.label}: ${link.url}`)]),
    layout(language, product, lines, undefined, links),
  );
}

/** A burst of new accounts paused the owner's business: what it means, and that the listing stays. */
export function pauseNoticeMail(input: { product: string; name: string; businessName: string; businessUrl: string } & MailLanguage): RenderedMail {
  const { product, name, businessName: business, businessUrl, language } = input;
  const t = mailTexts(language);
  const lines = [greeting(t, name), t('pauseNotice.what', { business, product }), t('pauseNotice.meanwhile'), t('pauseNotice.stays')];
  const links = [{ label: t('pauseNotice.view'), url: businessUrl }];
  return rendered(
    language,
    t('pauseNotice.subject', { business, product }),
    plainText(product, [...lines, ...links.map((link) => `${link.label}: ${link.url}`)]),
    layout(language, product, lines, undefined, links),
  );
}

/** The link that confirms the member's email address; its page confirms on the member's click. */
export function emailConfirmationMail(input: { product: string; name: string; email: string; confirmUrl: string } & MailLanguage): RenderedMail {
  const { product, name, email, confirmUrl, language } = input;
  const t = mailTexts(language);
  const lines = [
    greeting(t, name),
    t('emailConfirmation.intro', { email, product }),
    t('emailConfirmation.why', { product }),
    t('emailConfirmation.expiry', { count: EMAIL_CONFIRMATION_RULES.linkValidHours }),
    t('emailConfirmation.notYou', { product }),
  ];
  const link = { label: t('emailConfirmation.confirm'), url: confirmUrl };
  return rendered(
    language,
    t('emailConfirmation.subject', { product }),
    plainText(product, [...lines.slice(0, 3), `${link.label}: ${link.url}`, ...lines.slice(3)]),
    layout(language, product, lines, undefined, [link]),
  );
}

/** One alert of an alert mail, with the links its section shows. */
export interface AlertSection extends AlertDigest {
  browseUrl: string;
  unsubscribeUrl: string;
  businessUrl: (id: number) => string;
}

/** A product type's name in the mail's language; one the admins added reads as they named it. */
function productTypeName(t: MailText, slug: string, name: string | null | undefined): string {
  return isSeededProductType(slug) ? t(`productType.${slug}`) : (name ?? slug);
}

/** An alert's heading in its mail: the alert in words (`describeAlert`), in the mail's language. */
export function alertHeading(t: MailText, alert: DescribableAlert): string {
  return describeAlert(
    alert,
    (word, values) => t(`alerts.${word}`, values),
    ({ slug, name }) => productTypeName(t, slug, name),
  );
}

const textLink = (label: string, url: string) => `<a href="${escapeHtml(url)}" style="color:#166534">${escapeHtml(label)}</a>`;

/** A member's daily alert mail, each alert with the businesses added since its last mail. */
export function alertDigestMail(
  input: { product: string; name: string; alerts: AlertSection[]; settingsUrl: string; unsubscribeAllUrl: string } & MailLanguage,
): RenderedMail {
  const { product, name, alerts, settingsUrl, unsubscribeAllUrl, language } = input;
  const t = mailTexts(language);
  const count = alerts.reduce((sum, alert) => sum + alert.total, 0);
  const lines = [greeting(t, name), t('alerts.intro', { product, count })];
  const more = (alert: AlertSection) => alert.total - alert.businesses.length;
  const blocks = alerts.map((alert) =>
    [
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(alertHeading(t, alert))}</h2>`,
      '<ul style="margin:0 0 8px;padding-inline-start:20px">',
      ...alert.businesses.map((business) => `<li>${textLink(business.name, alert.businessUrl(business.id))} · ${escapeHtml(business.city)}</li>`),
      '</ul>',
      more(alert) > 0 ? `<p style="margin:0 0 8px">${textLink(t('alerts.more', { count: more(alert) }), alert.browseUrl)}</p>` : '',
      `<p style="margin:0 0 16px;font-size:13px">${textLink(t('alerts.stop'), alert.unsubscribeUrl)}</p>`,
    ].join('\n'),
  );
  const why = t('alerts.why', { product });
  blocks.push(
    `<p style="margin:24px 0 16px;font-size:13px;color:#4b5563">${escapeHtml(why)} ${textLink(t('alerts.stopAll'), unsubscribeAllUrl)}</p>`,
  );
  const text = alerts.flatMap((alert) => [
    alertHeading(t, alert),
    ...alert.businesses.map((business) => `- ${business.name} · ${business.city}: ${alert.businessUrl(business.id)}`),
    ...(more(alert) > 0 ? [`${t('alerts.more', { count: more(alert) })}: ${alert.browseUrl}`] : []),
    `${t('alerts.stop')}: ${alert.unsubscribeUrl}`,
  ]);
  const manage = { label: t('alerts.manage'), url: settingsUrl };
  return rendered(
    language,
    t('alerts.subject', { product, count }),
    plainText(product, [...lines, ...text, why, `${t('alerts.stopAll')}: ${unsubscribeAllUrl}`, `${manage.label}: ${manage.url}`]),
    layout(language, product, lines, undefined, [manage], blocks),
  );
}
