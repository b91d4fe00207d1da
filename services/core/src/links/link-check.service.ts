import type { LinkChecker } from './link-checker';
import type { LinksRepository } from './links.repository';
import type { SourceListName } from '../sources/sources.repository';

export type LinkCheckResult =
  { status: 'no-link' } | { status: 'ok' | 'failing' | 'broken' | 'unchecked'; failures: number; httpStatus: number | null; problem: string | null };

/** The worker's side of link checks: one source's link checked and recorded. */
export class LinkCheckService {
  constructor(
    private readonly links: LinksRepository,
    private readonly checker: LinkChecker,
  ) {}

  async checkSource(sourceId: number, jobSignal?: AbortSignal, list: SourceListName = 'business'): Promise<LinkCheckResult> {
    const url = await this.links.sourceUrl(sourceId, list);
    if (!url) return { status: 'no-link' };
    const check = await this.checker.check(url, jobSignal);
    const recorded = await this.links.record(sourceId, url, check, list);
    if (!recorded) return { status: 'no-link' };
    return { status: recorded.status, failures: recorded.failures, httpStatus: check.httpStatus, problem: check.problem };
  }
}
