import type { SpecialHoursEntry } from '@zaytoon/contract/client';

/** One entry as the form holds it: every input's text, the times kept while 'Closed all day' is ticked. */
export interface SpecialHoursDraft {
  label: string;
  first_date: string;
  last_date: string;
  closed: boolean;
  opens: string;
  closes: string;
}

export const emptySpecialHoursDraft = (): SpecialHoursDraft => ({ label: '', first_date: '', last_date: '', closed: true, opens: '', closes: '' });

export const draftOf = (entry: SpecialHoursEntry): SpecialHoursDraft => ({
  label: entry.label,
  first_date: entry.first_date,
  last_date: entry.last_date,
  closed: entry.closed,
  opens: entry.opens ?? '',
  closes: entry.closes ?? '',
});

/** What the API takes: a closed entry without times; a last date left empty is the first one (a single day). */
export const entryOf = (draft: SpecialHoursDraft) => ({
  label: draft.label.trim(),
  first_date: draft.first_date,
  last_date: draft.last_date || draft.first_date,
  closed: draft.closed,
  ...(draft.closed ? {} : { opens: draft.opens || null, closes: draft.closes || null }),
});
