// Development mail catcher: a real SMTP server (smtp-server) that keeps the last mails in
// memory, plus a tiny HTTP API:
//   GET    /messages.json[?to=a@b.c]  → [{ id, from, to: [...], subject, text, html, date }], newest first
//   DELETE /messages                  → clears the mailbox (204)
//   GET    /                          → the same mails as a plain HTML page, for people
//   GET    /healthz                   → 200
// Run on its own: `node --import tsx infra/dev/mail-catcher.ts`
// (ports from MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_HTTP_PORT, default 1025 / 8025).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Content-Language header ('' when none). */
  language: string;
  /** The List-* headers (RFC 2369, RFC 8058), by lower-case name, unfolded as sent. */
  listHeaders: Record<string, string>;
  date: string;
}

function listHeadersOf(lines: readonly { key: string; line: string }[]): Record<string, string> {
  return Object.fromEntries(
    lines
      .filter(({ key }) => key.startsWith('list-'))
      .map(({ key, line }) => [
        key,
        line
          .replace(/\r?\n(?=[ \t])/g, '')
          .replace(/^[^:]*:/, '')
          .trim(),
      ]),
  );
}

export interface MailCatcherOptions {
  smtpPort: number;
  httpPort: number;
  /** Address to bind; default 127.0.0.1 (a dev tool holding reset codes is not for the network). '' binds every interface. */
  host?: string;
  /** Oldest mails are dropped past this many. */
  limit?: number;
  onMail?: (mail: CaughtMail) => void;
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  /** The addresses the SMTP and HTTP servers are bound to. */
  addresses: { smtp: string; http: string };
  messages: CaughtMail[];
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderPage(messages: CaughtMail[]): string {
  const rows = messages
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject || '(no subject)')}</h2>
<p><b>To:</b> ${escapeHtml(m.to.join(', '))} · <b>From:</b> ${escapeHtml(m.from)} · ${escapeHtml(m.date)}</p>
<pre>${escapeHtml(m.text || m.html)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Mail catcher</title>
<style>body{font:14px system-ui;margin:2em;max-width:60em}article{border-top:1px solid #ccc}pre{white-space:pre-wrap}</style>
<h1>Mail catcher (${messages.length})</h1>${rows || '<p>No mail yet.</p>'}`;
}

/** A one-part mail's body ends with the line break before SMTP's closing ".": the transport's, not the sender's. */
function withoutClosingBreak(body: string | false | undefined): string {
  return (body || '').replace(/\r?\n$/, '');
}

interface Listener {
  listen(port: number, ...rest: unknown[]): unknown;
  once(event: 'error', cb: (e: Error) => void): unknown;
}

function listen(server: Listener, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // No host: all interfaces, IPv6 and IPv4 where the machine has both.
    if (host) server.listen(port, host, () => resolve());
    else server.listen(port, () => resolve());
  });
}

/** Only the loopback names, with this server's port, may address the mailbox. */
export function isLocalHost(host: string | undefined, port: number): boolean {
  return !!host && ['localhost', '127.0.0.1', '[::1]'].some((name) => host.toLowerCase() === `${name}:${port}`);
}

export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.limit ?? 500;
  const messages: CaughtMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Zaytoon dev mail catcher',
    size: MAX_MESSAGE_BYTES,
    closeTimeout: 1000,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, callback) {
      // The mails as sent: no text made from the HTML part or HTML from the text part.
      simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true })
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
            return;
          }
          const mail: CaughtMail = {
            id: nextId++,
            from: parsed.from?.text || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: withoutClosingBreak(parsed.text),
            html: withoutClosingBreak(parsed.html),
            language: String(parsed.headers.get('content-language') ?? ''),
            listHeaders: listHeadersOf(parsed.headerLines),
            date: new Date().toISOString(),
          };
          messages.unshift(mail);
          if (messages.length > limit) messages.length = limit;
          options.onMail?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  smtp.on('error', () => undefined); // a client that drops the connection is not our problem

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    // DNS rebinding: a page on evil.example whose name now points at 127.0.0.1 sends Host: evil.example.
    if (!isLocalHost(req.headers.host, (http.address() as AddressInfo).port)) {
      send(403, 'application/json', JSON.stringify({ detail: 'Host not allowed' }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/messages.json') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? messages.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : messages;
      send(200, 'application/json', JSON.stringify(list));
    } else if (req.method === 'DELETE' && (url.pathname === '/messages' || url.pathname === '/messages.json')) {
      messages.length = 0;
      res.writeHead(204).end();
    } else if (req.method === 'GET' && url.pathname === '/healthz') {
      send(200, 'text/plain', 'ok');
    } else if (req.method === 'GET' && url.pathname === '/') {
      send(200, 'text/html; charset=utf-8', renderPage(messages));
    } else {
      send(404, 'application/json', JSON.stringify({ detail: 'Not found' }));
    }
  });

  await listen(smtp, options.smtpPort, host);
  try {
    await listen(http, options.httpPort, host);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    addresses: { smtp: (smtp.server.address() as AddressInfo).address, http: (http.address() as AddressInfo).address },
    messages,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => http.close(() => resolve())), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}

async function main(): Promise<void> {
  const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT || 1025);
  const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT || 8025);
  const catcher = await startMailCatcher({
    smtpPort,
    httpPort,
    host: process.env.MAIL_CATCHER_HOST ?? '127.0.0.1',
    onMail: (mail) => console.log(`mail #${mail.id} to ${mail.to.join(', ')}: ${mail.subject}`),
  });
  console.log(`SMTP on port ${catcher.smtpPort}; mailbox at http://localhost:${catcher.httpPort}/messages.json`);
  const stop = () => {
    catcher.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`mail catcher failed to start: ${error.message}`);
    process.exit(1);
  });
}
