import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent as Content-Language; none: the header is left out. */
  language?: string;
  /** More headers (an alert mail's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export type SmtpSettings = Pick<Config, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASS' | 'MAIL_FROM'> &
  Partial<Pick<Config, 'NODE_ENV' | 'SMTP_REQUIRE_TLS'>>;

/**
 * nodemailer's transport options. In production the connection must be encrypted: implicit TLS
 * (SMTP_SECURE) or STARTTLS required (`requireTLS`), so a server or a man in the middle that drops
 * STARTTLS cannot get reset codes and credentials in clear.
 */
export function smtpTransportOptions(settings: SmtpSettings) {
  return {
    host: settings.SMTP_HOST,
    port: settings.SMTP_PORT,
    secure: settings.SMTP_SECURE,
    requireTLS: settings.SMTP_REQUIRE_TLS ?? settings.NODE_ENV === 'production',
    auth: settings.SMTP_USER ? { user: settings.SMTP_USER, pass: settings.SMTP_PASS ?? '' } : undefined,
    pool: true as const,
    maxConnections: 2,
    // A stuck server must fail the job (to be retried), not hold it forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** Outgoing mail over SMTP (the dev catcher outside production). */
export class MailRepository {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(settings: SmtpSettings) {
    this.from = settings.MAIL_FROM;
    this.transport = nodemailer.createTransport(smtpTransportOptions(settings));
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const { language, headers, ...content } = message;
    const info = await this.transport.sendMail({
      from: this.from,
      ...content,
      headers: { ...headers, ...(language ? { 'Content-Language': language } : {}) },
    });
    return { messageId: info.messageId };
  }

  close(): void {
    this.transport.close();
  }
}
