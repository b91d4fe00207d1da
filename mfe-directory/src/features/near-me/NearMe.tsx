import { lazy, Suspense, useState } from 'react';
import { useListMessages } from '../../i18n/list-messages';
import type { NearMeProps } from './NearMePanel';
import styles from './NearMe.module.css';

const NearMePanel = lazy(() => import('./NearMePanel').then((module) => ({ default: module.NearMePanel })));

/**
 * 'Near me' on /browse. Until a visitor asks for it, or arrives sorted by distance, it is the button alone: a click
 * downloads the bar (NearMePanel), which asks for the browser's location at once and takes a postcode instead.
 */
export function NearMe({ near, onNear }: NearMeProps) {
  const t = useListMessages();
  const [asked, setAsked] = useState(false);
  const button = (locating: boolean) => (
    <div className={styles.bar} data-testid="near-me">
      <button type="button" className="btn btn--outline" onClick={() => setAsked(true)} disabled={locating} aria-pressed={false}>
        {locating ? t('nearMe.locating') : t('nearMe.button')}
      </button>
    </div>
  );
  if (!asked && near === null) return button(false);
  return (
    <Suspense fallback={button(asked)}>
      <NearMePanel near={near} onNear={onNear} locateAtOnce={asked} />
    </Suspense>
  );
}
