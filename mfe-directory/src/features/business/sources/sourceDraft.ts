import type { Source, SourceInput, SourceKind } from '@zaytoon/contract/client';

/** One source as the form edits it; `key` tells rows apart while they are added and removed. */
export interface SourceDraft {
  key: number;
  /** The saved source's id: sent back so that it keeps its link checks. */
  id?: number;
  kind: SourceKind | '';
  url: string;
  description: string;
  date: string;
}

let nextKey = 0;

/** Today as the API counts it (UTC), the latest date a source may have. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

export const emptySourceDraft = (): SourceDraft => ({ key: nextKey++, kind: '', url: '', description: '', date: todayIso() });

export const draftFromSource = (source: Source): SourceDraft => ({
  key: nextKey++,
  id: source.id,
  kind: source.kind,
  url: source.url ?? '',
  description: source.description,
  date: source.date,
});

/** What the API takes; an empty kind is sent as it is, for the API to answer in the contract's words. */
export const sourceInputOf = ({ id, kind, url, description, date }: SourceDraft): SourceInput => ({
  ...(id === undefined ? {} : { id }),
  kind: kind as SourceKind,
  url: url.trim(),
  description: description.trim(),
  date,
});
