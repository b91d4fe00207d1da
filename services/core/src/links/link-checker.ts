import { hasWebPort, LINK_CHECK_RULES } from '@zaytoon/contract';
import { fetchLink, LinkFetchError, type LinkFetchSettings } from './link-fetch';
import type { LinkCheckOutcome } from './links.repository';
import { isPublicAddress } from './public-address';
import { archiveHtml, archiveText, type PageArchive } from './page-archive';

export interface LinkCheck extends LinkCheckOutcome {
  /** Why a check failed, for the worker's log; null when it succeeded. */
  problem: string | null;
}

export interface LinkCheckerSettings {
  /** LINK_CHECK_ALLOW_PRIVATE (tests only): loopback and private addresses are reached too. */
  allowPrivateAddresses: boolean;
  userAgent: string;
  /** Tests shorten it; LINK_CHECK_RULES.timeoutMs otherwise. */
  timeoutMs?: number;
}

/** One check of a link: a 2xx answer (after at most 5 redirects, within 10 s) is a success, with its page archived. */
export class LinkChecker {
  private readonly settings: LinkFetchSettings;

  constructor(settings: LinkCheckerSettings) {
    this.settings = {
      timeoutMs: settings.timeoutMs ?? LINK_CHECK_RULES.timeoutMs,
      maxRedirects: LINK_CHECK_RULES.maxRedirects,
      maxBodyBytes: LINK_CHECK_RULES.maxBodyBytes,
      isAllowedAddress: settings.allowPrivateAddresses ? () => true : isPublicAddress,
      isAllowedPort: settings.allowPrivateAddresses ? () => true : hasWebPort,
      userAgent: settings.userAgent,
    };
  }

  /** `jobSignal`: the job's own deadline or cancellation, which ends the check early too. */
  async check(url: string, jobSignal?: AbortSignal): Promise<LinkCheck> {
    try {
      const fetched = await fetchLink(url, this.settings, jobSignal);
      const ok = fetched.status >= 200 && fetched.status < 300;
      const archive = ok ? archiveOf(fetched.body, fetched.contentType) : { title: null, excerpt: null };
      return { ok, httpStatus: fetched.status, finalUrl: fetched.finalUrl, ...archive, problem: ok ? null : `answered ${fetched.status}` };
    } catch (error) {
      if (!(error instanceof LinkFetchError)) throw error;
      return { ok: false, httpStatus: error.status, finalUrl: error.finalUrl, title: null, excerpt: null, problem: error.message };
    }
  }
}

function archiveOf(body: Buffer, contentType: string): PageArchive {
  if (body.length === 0) return { title: null, excerpt: null };
  const text = decodeText(body, /charset=["']?([\w-]+)/i.exec(contentType)?.[1]);
  return /html/i.test(contentType) ? archiveHtml(text, LINK_CHECK_RULES) : archiveText(text, LINK_CHECK_RULES);
}

function decodeText(body: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
