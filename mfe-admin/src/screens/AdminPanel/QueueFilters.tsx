import { useState, type FormEvent } from 'react';
import { REPORT_REASONS } from '@zaytoon/contract/client';
import { useContractLabels } from '@zaytoon/web-kit/contract-messages';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { useQueueParams } from './queueParams';

/**
 * A queue's search by business name and, when the queue has one, its filter (reason or field). The search applies when
 * submitted (Enter or 'Search'), the filter when chosen; both live in the page's URL, so a reload or a shared link keeps them.
 */
export function QueueFilters<Value extends string>({
  search,
  filter,
  onChange,
}: {
  search: string;
  filter?: { label: string; all: string; value: Value | undefined; options: readonly { value: Value; label: string }[] };
  onChange: (change: { search: string; filter: Value | undefined }) => void;
}) {
  const t = useMessages();
  const [typed, setTyped] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: typed.trim(), filter: filter?.value });
  };
  return (
    <form role="search" className={card.filters} onSubmit={submit}>
      <label>
        {t('queue.search')}
        <input type="search" name="search" value={typed} maxLength={200} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <button type="submit" className="btn btn--outline">
        {t('queue.searchButton')}
      </button>
      {filter && (
        <label>
          {filter.label}
          <select
            value={filter.value ?? ''}
            onChange={(event) => onChange({ search: typed.trim(), filter: (event.target.value || undefined) as Value | undefined })}
          >
            <option value="">{filter.all}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </form>
  );
}

/** The one filter of a queue: its URL parameter, the values it knows, and its words. */
export interface QueueFilterBy<Value extends string> {
  param: 'reason' | 'field';
  known: readonly Value[];
  label: string;
  all: string;
  labelOf: (value: Value) => string;
}

/**
 * A queue's search by business name and, when `by` is given, its filter, as the URL holds them, and their form. A
 * value the filter does not know reads as none.
 */
export function useQueueFilters<Value extends string>(by?: QueueFilterBy<Value>) {
  const params = useQueueParams();
  const search = params.read('q');
  const value = by ? params.read(by.param, by.known) : undefined;
  const form = (
    <QueueFilters
      key={search}
      search={search ?? ''}
      filter={by && { label: by.label, all: by.all, value, options: by.known.map((known) => ({ value: known, label: by.labelOf(known) })) }}
      onChange={(change) => params.write(by ? { q: change.search, [by.param]: change.filter } : { q: change.search })}
    />
  );
  return { search, value, form };
}

/** A queue's search and its filter by a reason ('Reason', 'All reasons'). */
export function useReasonFilters<Value extends string>(known: readonly Value[], labelOf: (value: Value) => string) {
  const t = useMessages();
  return useQueueFilters({ param: 'reason', known, label: t('reports.reason'), all: t('reports.allReasons'), labelOf });
}

/** The search of a queue of reports or reported businesses, filtered by a report's reason. */
export function useReportReasonFilters() {
  const label = useContractLabels();
  return useReasonFilters(REPORT_REASONS, (reason) => label('reportReason', reason));
}
