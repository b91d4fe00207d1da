import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export interface LinkFetchSettings {
  timeoutMs: number;
  maxRedirects: number;
  maxBodyBytes: number;
  /** Whether a hop may connect to this IP address: isPublicAddress, or anything under LINK_CHECK_ALLOW_PRIVATE. */
  isAllowedAddress: (address: string) => boolean;
  /** Whether a hop's URL may name its port: the web's only (hasWebPort), unless private addresses are allowed. */
  isAllowedPort: (url: string) => boolean;
  userAgent: string;
}

/** What a GET of a link came to once redirects were followed. */
export interface FetchedLink {
  status: number;
  finalUrl: string;
  contentType: string;
  /** At most maxBodyBytes, decompressed; empty unless the answer is 2xx text. */
  body: Buffer;
}

/** A link that could not be fetched: refused before connecting, too many redirects, timed out, network error. */
export class LinkFetchError extends Error {
  constructor(
    message: string,
    readonly finalUrl: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GET with redirects followed by hand, so that every hop's host is checked: at most `maxRedirects`, the whole
 * check within `timeoutMs`. Unless private addresses are allowed, a host is resolved once and connected to at
 * the address that was checked (no second lookup a rebinding DNS could answer differently); a host with one
 * address that is not allowed is refused.
 */
export async function fetchLink(url: string, settings: LinkFetchSettings, jobSignal?: AbortSignal): Promise<FetchedLink> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = jobSignal ? AbortSignal.any([timeout, jobSignal]) : timeout;
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const response = await get(current, settings, signal);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.resume();
      if (redirects === settings.maxRedirects) {
        throw new LinkFetchError(`more than ${settings.maxRedirects} redirects`, current, response.statusCode ?? null);
      }
      current = new URL(location, current).href;
      continue;
    }
    const status = response.statusCode ?? 0;
    const contentType = response.headers['content-type'] ?? '';
    const readable = status >= 200 && status < 300 && /^text\/|^application\/xhtml\+xml/i.test(contentType);
    const body = readable ? await readBody(response, settings, current, signal) : (response.resume(), Buffer.alloc(0));
    return { status, finalUrl: current, contentType, body };
  }
}

function get(url: string, settings: LinkFetchSettings, signal: AbortSignal): Promise<IncomingMessage> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new LinkFetchError('not a URL', url);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new LinkFetchError(`${target.protocol} links are not checked`, url);
  if (!settings.isAllowedPort(target.href)) throw new LinkFetchError(`refused: port ${target.port} is not a web port`, url);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !settings.isAllowedAddress(host)) throw refused(host, url);

  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      target,
      {
        signal,
        lookup: checkedLookup(url, settings.isAllowedAddress),
        headers: {
          'user-agent': settings.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolve,
    );
    request.on('error', (error) => reject(describeFailure(error, url, settings.timeoutMs, signal)));
  });
}

/** DNS lookup that fails when any address of the host is not allowed. */
function checkedLookup(url: string, isAllowedAddress: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refusedAddress = addresses.find((address) => !isAllowedAddress(address.address));
      if (refusedAddress) return callback(refused(`${hostname} (${refusedAddress.address})`, url), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function refused(host: string, url: string): LinkFetchError {
  return new LinkFetchError(`refused: ${host} is not a public address`, url);
}

/**
 * What went wrong, in the check's words. Once the check's signal has fired, its reason is the cause: the socket it
 * tore down may report itself first (an 'aborted' ECONNRESET from a response in mid-body, on newer Node).
 */
function describeFailure(error: Error, url: string, timeoutMs: number, signal?: AbortSignal): LinkFetchError {
  if (error instanceof LinkFetchError) return error;
  if (signal?.aborted && signal.reason instanceof Error) error = signal.reason;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return new LinkFetchError(`no answer within ${timeoutMs / 1000} s`, url);
  const code = (error as NodeJS.ErrnoException).code;
  return new LinkFetchError(code ? `${code}: ${error.message}` : error.message, url);
}

/**
 * The body, decompressed, up to maxBodyBytes. One pipeline under the check's signal: an abort, or an error of the
 * response or the decoder, ends every stage, so a page that stalls mid-body (compressed or not) ends the check.
 */
async function readBody(response: IncomingMessage, settings: LinkFetchSettings, url: string, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= settings.maxBodyBytes) return;
    }
  };
  const decoder = decoderOf(response);
  try {
    await (decoder ? pipeline(response, decoder, collect, { signal }) : pipeline(response, collect, { signal }));
  } catch (error) {
    throw describeFailure(error as Error, url, settings.timeoutMs, signal);
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks).subarray(0, settings.maxBodyBytes);
}

function decoderOf(response: IncomingMessage): Transform | null {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return null;
}
