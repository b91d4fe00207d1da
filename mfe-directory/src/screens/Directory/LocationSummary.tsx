import { useId } from 'react';
import { businessCount, type DirectorySummary } from '@zaytoon/contract/client';
import shared from '../../ui/page.module.css';
import classes from './LocationSummary.module.css';

/** 'Location Summary' (SPEC §2), from the summary answer: totals and the 3 most active cities. */
export function LocationSummary({ summary }: { summary: DirectorySummary }) {
  const titleId = useId();
  return (
    <aside className={`${shared.card} ${classes.summary}`} aria-labelledby={titleId} data-testid="location-summary">
      <h2 id={titleId}>Location Summary</h2>
      <p>
        Showing {summary.total} businesses across {summary.cities} cities in the UK.
      </p>
      <h3>Most active cities</h3>
      <ol className={classes.top}>
        {summary.most_active.map((entry) => (
          <li key={entry.city}>
            {entry.city}: {businessCount(entry.count)}
          </li>
        ))}
      </ol>
    </aside>
  );
}
