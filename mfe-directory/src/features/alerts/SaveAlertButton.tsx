import { useId, useState } from 'react';
import type { DirectoryFilter } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useMessages } from '../../i18n/messages';
import { saveAlert } from './api/save-alert';
import styles from './SaveAlertButton.module.css';

/**
 * 'Email me new businesses like these' under /browse's count line: saves every filter of the list as an alert. A
 * chunk of its own, loaded for members only: a visitor's first /browse carries none of it.
 */
export default function SaveAlertButton({ filter }: { filter: DirectoryFilter }) {
  const host = useHost();
  const t = useMessages();
  const [saving, setSaving] = useState(false);
  const hintId = useId();
  const save = () => {
    setSaving(true);
    void saveAlert(host, filter).finally(() => setSaving(false));
  };
  return (
    <p className={styles.alert}>
      <button
        type="button"
        className="btn btn--outline"
        onClick={save}
        disabled={saving}
        aria-describedby={filter.open_now ? hintId : undefined}
        data-testid="save-alert"
      >
        {t('alerts.save')}
      </button>
      {filter.open_now && (
        <span id={hintId} className={styles.hint} data-testid="alert-open-now-meaning">
          {t('alerts.openNowMeaning')}
        </span>
      )}
    </p>
  );
}
