// A small MIME reader for the dev mail catcher: headers (with RFC 2047 encoded words),
// quoted-printable and base64 bodies, charsets, and nested multipart messages. It keeps
// the first text/plain and text/html parts that are not attachments. Enough for the mails
// our worker (nodemailer) sends; not a general-purpose parser.

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
}

interface Entity {
  headers: Record<string, string>;
  /** Body as a byte-preserving latin1 string. */
  body: string;
}

function splitEntity(raw: string): Entity {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

interface HeaderValue {
  value: string;
  params: Record<string, string>;
}

/** `text/plain; charset="utf-8"` → { value: 'text/plain', params: { charset: 'utf-8' } } */
export function parseHeaderValue(header: string | undefined): HeaderValue {
  const params: Record<string, string> = {};
  if (!header) return { value: '', params };
  const [value, ...rest] = header.split(';');
  const paramPattern = /^\s*([^=\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|(.*?))\s*$/;
  for (const part of rest) {
    const match = paramPattern.exec(part);
    if (match) params[match[1].toLowerCase()] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3];
  }
  return { value: value.trim().toLowerCase(), params };
}

function toText(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable (latin1 in, bytes out); `underscores` for RFC 2047 Q encoding. */
export function decodeQuotedPrintable(input: string, underscores = false): Buffer {
  const text = (underscores ? input.replace(/_/g, ' ') : input).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: `=?UTF-8?Q?caf=C3=A9?=` and `=?UTF-8?B?Y2Fmw6k=?=`; whitespace between encoded words is dropped. */
export function decodeEncodedWords(header: string): string {
  // Raw 8-bit header bytes (SMTPUTF8) are UTF-8; encoded words themselves are plain ASCII.
  const text = /[\x80-\xff]/.test(header) ? toText(Buffer.from(header, 'latin1')) : header;
  return text
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, data: string) => {
      const raw = encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data, true);
      return toText(raw, charset.split('*')[0]);
    });
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers['content-transfer-encoding'] ?? '7bit').trim().toLowerCase();
  const charset = parseHeaderValue(entity.headers['content-type']).params.charset ?? 'utf-8';
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(entity.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(entity.body);
  else bytes = Buffer.from(entity.body, 'latin1');
  return toText(bytes, charset).replace(/\r\n/g, '\n');
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(current.join('\r\n'));
      if (line.slice(delimiter.length).startsWith('--')) return parts;
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function collect(entity: Entity, found: { text?: string; html?: string }, depth = 0): void {
  const type = parseHeaderValue(entity.headers['content-type'] || 'text/plain');
  const disposition = parseHeaderValue(entity.headers['content-disposition']).value;
  if (type.value.startsWith('multipart/') && type.params.boundary && depth < 10) {
    for (const part of splitMultipart(entity.body, type.params.boundary)) collect(splitEntity(part), found, depth + 1);
    return;
  }
  if (disposition === 'attachment') return;
  if (type.value === 'text/plain' && found.text === undefined) found.text = decodeBody(entity);
  else if (type.value === 'text/html' && found.html === undefined) found.html = decodeBody(entity);
}

export function parseMail(raw: Buffer | string): ParsedMail {
  const latin = typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  // The line break before SMTP's closing "." belongs to the transport, not to the body.
  const entity = splitEntity(latin.replace(/\r?\n$/, ''));
  const found: { text?: string; html?: string } = {};
  collect(entity, found);
  const header = (name: string) => decodeEncodedWords(entity.headers[name] ?? '');
  return {
    headers: Object.fromEntries(Object.entries(entity.headers).map(([name, value]) => [name, decodeEncodedWords(value)])),
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    text: found.text ?? '',
    html: found.html ?? '',
  };
}
