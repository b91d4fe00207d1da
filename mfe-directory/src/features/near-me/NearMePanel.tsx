import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useListMessages } from '../../i18n/list-messages';
import { lazyNamed } from '../../lib/lazyNamed';
import { roundNear, type NearPoint } from './near-point';
import styles from './NearMe.module.css';

const PostcodeProblem = lazyNamed(() => import('./PostcodeProblem'), 'PostcodeProblem');

export interface NearMeProps {
  near: NearPoint | null;
  onNear: (point: NearPoint | null) => void;
}

/**
 * The 'Near me' bar: the browser's location, or a postcode the server places at its district's centre. Either way only
 * the rounded point goes on (to the URL and the API). `locateAtOnce`: opened by a click on 'Near me', it asks for the
 * location straight away.
 */
export function NearMePanel({ near, onNear, locateAtOnce }: NearMeProps & { locateAtOnce: boolean }) {
  const t = useListMessages();
  const { api } = useHost();
  const [postcode, setPostcode] = useState('');
  const [placing, setPlacing] = useState(false);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<ReactNode>(null);
  const asked = useRef(false);

  const locate = () => {
    asked.current = true;
    setProblem(null);
    if (!('geolocation' in navigator)) return setProblem(t('nearMe.locationFailed'));
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onNear(roundNear({ lat: position.coords.latitude, lng: position.coords.longitude }));
      },
      () => {
        setLocating(false);
        setProblem(t('nearMe.locationFailed'));
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  };

  useEffect(() => {
    if (locateAtOnce && !asked.current) locate();
    // Once, when the click that opened the panel asked for the location.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locate reads the latest props when it runs
  }, []);

  // A plain call, not a mutation. A refused postcode is said in the server's words.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!postcode.trim()) return;
    setPlacing(true);
    try {
      const place = await api.call('postcodeCentre', { query: { postcode: postcode.trim() } });
      onNear(roundNear({ lat: place.latitude, lng: place.longitude }));
    } catch (error) {
      const refused = isApiError(error) && (error.status === 404 || error.status === 400);
      setProblem(
        refused ? (
          <Suspense fallback={null}>
            <PostcodeProblem error={error} />
          </Suspense>
        ) : (
          t('common.checkConnection')
        ),
      );
    } finally {
      setPlacing(false);
    }
  };

  return (
    <div className={styles.bar} data-testid="near-me">
      <button type="button" className="btn btn--outline" onClick={locate} disabled={locating} aria-pressed={near !== null}>
        {locating ? t('nearMe.locating') : t('nearMe.button')}
      </button>
      <form className={styles.postcode} onSubmit={(event) => void submit(event)}>
        <label htmlFor="near-postcode">{t('nearMe.postcode')}</label>
        <input
          id="near-postcode"
          value={postcode}
          onChange={(event) => setPostcode(event.target.value)}
          autoComplete="postal-code"
          maxLength={10}
          dir="ltr"
        />
        <button type="submit" className="btn btn--outline" disabled={placing}>
          {t('nearMe.sort')}
        </button>
      </form>
      {near && (
        <>
          <span role="status">{t('nearMe.sorted')}</span>
          <button type="button" className="btn btn--outline" onClick={() => onNear(null)}>
            {t('nearMe.clear')}
          </button>
        </>
      )}
      {problem && (
        <p role="alert" data-testid="near-me-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
