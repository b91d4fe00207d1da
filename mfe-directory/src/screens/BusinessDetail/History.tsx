import { Suspense, useId, useState } from 'react';
import { lazyNamed } from '../../lib/lazyNamed';
import { useMessages } from '../../i18n/messages';
import { InlineSpinner } from '../../ui/Spinner';
import classes from './History.module.css';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';

// Most visitors never open the history: its code and its first page load when it is opened.
const HistoryList = lazyNamed(() => import('./HistoryList'), 'HistoryList');

/** The business's revision history, collapsed until opened. */
export function History({ businessId }: { businessId: number }) {
  const [open, setOpen] = useState(false);
  const ids = useId();
  const t = useMessages();
  return (
    <section className={shared.card} aria-labelledby={`${ids}title`} data-testid="history">
      <h2 id={`${ids}title`} className={forms.sectionTitle}>
        <button
          type="button"
          className={classes.toggle}
          aria-expanded={open}
          aria-controls={`${ids}body`}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          onPointerEnter={() => void HistoryList.preload()}
        >
          {t('history.title')}
        </button>
      </h2>
      {open && (
        <div id={`${ids}body`}>
          <Suspense fallback={<InlineSpinner />}>
            <HistoryList businessId={businessId} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
