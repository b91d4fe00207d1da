import { formatDayMonthYear, USER_LINK_REL, type BusinessDetail, type Source } from '@zaytoon/contract/client';
import { useLocale, useMessages } from '../../i18n/messages';
import shared from '../../ui/page.module.css';
import classes from './PalestineSupport.module.css';
import { useContractLabels, useContractMessages } from '@zaytoon/web-kit/contract-messages';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/**
 * The Palestine Support section's body: each source with its kind, date, description and link.
 * A business listed before sources, whose text has no sources yet, shows its text.
 */
export function PalestineSupport({ business }: { business: BusinessDetail }) {
  const sources = business.sources ?? [];
  const t = useMessages();
  if (sources.length === 0)
    return (
      <p className={classes.text} dir="auto">
        {business.proof_of_support || t('detail.noDetails')}
      </p>
    );
  return (
    <ul className={classes.sources} data-testid="sources">
      {sources.map((source) => (
        <SourceItem key={source.id} source={source} />
      ))}
    </ul>
  );
}

/** One source: its kind, date, description and link (a business's proof of support, a brand's reason, a business's products). */
export function SourceItem({ source }: { source: Source }) {
  // Its page failed three checks in a row: what the page said is kept, so the source still means something.
  const broken = source.link?.status === 'broken';
  const t = useMessages();
  const message = useContractMessages();
  const label = useContractLabels();
  const locale = useLocale();
  return (
    <li className={classes.source} data-testid="source" data-source-id={source.id}>
      <p className={classes.heading}>
        <span className={`${shared.badge} ${shared.badgeGreen}`}>{label('sourceKind', source.kind)}</span>{' '}
        <time dateTime={source.date} className={shared.hint}>
          {formatDayMonthYear(source.date, locale)}
        </time>
      </p>
      <p className={classes.text} dir="auto">
        {source.description}
      </p>
      {source.url && (
        <p className={classes.link}>
          <a href={source.url} target="_blank" rel={USER_LINK_REL}>
            {t('detail.viewSource', { host: hostOf(source.url) })}
            <span className="visually-hidden"> {t('detail.newTab')}</span>
          </a>
          {broken && (
            <>
              {' '}
              <span className={`${shared.badge} ${shared.badgeRed}`} data-testid="link-broken">
                {message('linkBroken')}
              </span>
            </>
          )}
        </p>
      )}
      {broken && source.link?.archived_title && (
        <p className={shared.hint} data-testid="archived-title">
          {message('archivedTitle', { title: source.link.archived_title })}
        </p>
      )}
    </li>
  );
}
