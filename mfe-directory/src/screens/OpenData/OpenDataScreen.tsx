import { OPEN_DATA_LICENCE, OPEN_DATA_LINKS, openDataAttribution } from '@zaytoon/contract/open-data';
import { useHost } from '@zaytoon/web-kit';
import { useMessages } from '../../i18n/messages';
import { NavBar } from '../../ui/NavBar';
import shared from '../../ui/page.module.css';
import styles from './OpenDataScreen.module.css';

const FILES = ['csv', 'geojson'] as const;

/**
 * /open-data: the directory's files, their licence and attribution, and the API's
 * description (the OpenAPI document and its reference, which the front door serves).
 */
export function OpenDataScreen() {
  const t = useMessages();
  const { productName } = useHost();
  const attribution = openDataAttribution(productName, window.location.origin);
  return (
    <>
      <NavBar />
      <main className={shared.page} data-testid="open-data">
        <div className={shared.card}>
          <h1>{t('openData.title')}</h1>
          <p>{t('openData.intro', { product: productName })}</p>
          <h2>{t('openData.files')}</h2>
          <ul className={styles.links}>
            {FILES.map((format) => (
              <li key={format}>
                <a href={OPEN_DATA_LINKS[format]} download data-testid={`open-data-${format}`}>
                  {t(`openData.${format}`)}
                </a>
                <span className={shared.hint}> {t(`openData.${format}Hint`)}</span>
              </li>
            ))}
          </ul>
          <p className={shared.hint}>{t('openData.freshness')}</p>
          <h2>{t('openData.licence')}</h2>
          <p>
            {t('openData.licenceText')}{' '}
            <a href={OPEN_DATA_LICENCE.url} rel="license noopener noreferrer" target="_blank" data-testid="open-data-licence">
              {OPEN_DATA_LICENCE.name}
            </a>
          </p>
          <p>{t('openData.attributionText')}</p>
          <p className={styles.attribution} dir="ltr" data-testid="open-data-attribution">
            {attribution}
          </p>
          <h2>{t('openData.api')}</h2>
          <ul className={styles.links}>
            <li>
              <a href={OPEN_DATA_LINKS.apiReference} data-testid="open-data-api-reference">
                {t('openData.apiReference')}
              </a>
            </li>
            <li>
              <a href={OPEN_DATA_LINKS.openApi} data-testid="open-data-openapi">
                {t('openData.openApi')}
              </a>
            </li>
          </ul>
        </div>
      </main>
    </>
  );
}
