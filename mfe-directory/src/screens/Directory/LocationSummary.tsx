import { useId } from 'react';
import type { DirectorySummary } from '@zaytoon/contract/client';
import { useCount, useListMessages } from '../../i18n/list-messages';
import shared from '../../ui/page.module.css';
import classes from './LocationSummary.module.css';

/** 'Location Summary' (SPEC §2), from the summary answer: totals and the 3 most active cities. */
export function LocationSummary({ summary }: { summary: DirectorySummary }) {
  const titleId = useId();
  const t = useListMessages();
  const count = useCount();
  return (
    <aside className={`${shared.card} ${classes.summary}`} aria-labelledby={titleId} data-testid="location-summary">
      <h2 id={titleId}>{t('directory.summaryTitle')}</h2>
      <p>{t('directory.summary', { total: count(summary.total).n, cities: count(summary.cities).n })}</p>
      <h3>{t('directory.mostActive')}</h3>
      <ol className={classes.top}>
        {summary.most_active.map((entry) => (
          <li key={entry.city}>
            {entry.city}: {t('directory.count', count(entry.count))}
          </li>
        ))}
      </ol>
    </aside>
  );
}
