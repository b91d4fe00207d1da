import { z } from 'zod';
import { SOURCE_RULES, sourceInputSchema, sourcesText, coded, type Source, type ValidBusinessInput, type ValidSourceInput } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import { parseInput } from '../errors/validate';
import { SourcesRepository } from './sources.repository';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Free text from a client that predates sources, as the one 'Other' source it becomes, checked as any source is;
 * its errors are the text's field's (`proof_of_support.description`, or the suggestion's `suggested_value.description`).
 */
export function sourceFromText(text: string, field: 'proof_of_support' | 'suggested_value', date = today()): ValidSourceInput {
  const parsed = parseInput(z.object({ [field]: sourceInputSchema }), { [field]: { kind: 'Other', description: text, date } });
  return parsed[field] as ValidSourceInput;
}

/**
 * Replaces the owner's sources with `wanted`, keeping the id (and link checks) of each sent back with its id and
 * unchanged url; answers the ids of the sources whose url was added or changed.
 */
export async function replaceSourceList(
  sources: SourcesRepository,
  ownerId: number,
  wanted: ValidSourceInput[],
  editorId: number,
): Promise<number[]> {
  const kept: number[] = [];
  const added: ValidSourceInput[] = [];
  for (const source of wanted) {
    if (source.id !== undefined && !kept.includes(source.id) && (await sources.updateKeepingLink(ownerId, { ...source, id: source.id }))) {
      kept.push(source.id);
    } else {
      added.push(source);
    }
  }
  await sources.deleteAllBut(ownerId, kept);
  const newLinks: number[] = [];
  for (const source of added) {
    const id = await sources.insert(ownerId, source, editorId);
    if (source.url) newLinks.push(id);
  }
  return newLinks;
}

/**
 * Sources of proof of support. Every write runs in the caller's transaction, takes the business's
 * lock, and keeps businesses.proof_of_support equal to the sources' text. Each answers the sources as they now
 * stand and `newLinks`: the ids of the sources whose url was added or changed (their link has never been checked).
 */
export class SourcesService {
  list(db: Queryable, businessId: number, forAdmin = false): Promise<Source[]> {
    return new SourcesRepository(db).list(businessId, forAdmin);
  }

  /**
   * A business form's sources: the list sent replaces the business's, keeping the id (and link checks) of each source
   * sent back with its id and url. Without a list, an old client's text that differs from the business's becomes its
   * one 'Other' source; the same text leaves the sources alone.
   */
  async replace(
    db: Queryable,
    businessId: number,
    input: Pick<ValidBusinessInput, 'sources' | 'proof_of_support'>,
    editorId: number,
  ): Promise<{ sources: Source[]; newLinks: number[] }> {
    const sources = new SourcesRepository(db);
    const business = await sources.lockBusiness(businessId);
    if (!business) throw notFound('businessNotFound');
    let wanted = input.sources;
    if (!wanted) {
      if (input.proof_of_support === business.proof_of_support.trim()) return { sources: await sources.list(businessId), newLinks: [] };
      wanted = input.proof_of_support ? [sourceFromText(input.proof_of_support, 'proof_of_support')] : [];
    }
    const newLinks = await replaceSourceList(sources, businessId, wanted, editorId);
    return { sources: await this.rewriteText(sources, businessId), newLinks };
  }

  /** An approved suggestion's source joins the business's (409 when it already lists the most it may). */
  async append(
    db: Queryable,
    businessId: number,
    source: ValidSourceInput,
    addedBy: number | null,
  ): Promise<{ sources: Source[]; newLinks: number[] }> {
    const sources = new SourcesRepository(db);
    if (!(await sources.lockBusiness(businessId))) throw notFound('businessNotFound');
    if ((await sources.count(businessId)) >= SOURCE_RULES.maxPerBusiness)
      throw conflict(coded('tooManySources', { max: SOURCE_RULES.maxPerBusiness }));
    const id = await sources.insert(businessId, source, addedBy);
    return { sources: await this.rewriteText(sources, businessId), newLinks: source.url ? [id] : [] };
  }

  /** Sources moved to the business from another (a merge): its text follows its list again. */
  refreshText(db: Queryable, businessId: number): Promise<Source[]> {
    return this.rewriteText(new SourcesRepository(db), businessId);
  }

  private async rewriteText(sources: SourcesRepository, businessId: number): Promise<Source[]> {
    const list = await sources.list(businessId);
    await sources.setProofOfSupport(businessId, sourcesText(list));
    return list;
  }
}
