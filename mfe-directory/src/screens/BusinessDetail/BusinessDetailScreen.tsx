import { Suspense, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  addressLine,
  formatDate,
  isHttpUrl,
  LIMITS,
  socialUrl,
  USER_LINK_REL,
  WEEKDAYS,
  type Business,
  type BusinessDetail,
  type Suggestion,
} from '@zaytoon/contract/client';
import { useSession } from '@zaytoon/web-kit';
import { SOCIAL_LABELS, useCount, useLocale, useMessages } from '../../i18n/messages';
import { useWeekdayName } from '../../i18n/weekdays';
import { lazyNamed } from '../../lib/lazyNamed';
import { useBackToDirectory } from '../../features/directory/backToDirectory';
import { NavBar } from '../../ui/NavBar';
import { InlineSpinner, PageSpinner } from '../../ui/Spinner';
import { EmptyPage } from '../EmptyPage';
import { Comments } from './Comments';
import { Photos } from './Photos';
import { CommunityRating } from './CommunityRating';
import { History } from './History';
import { MemberConfirmations } from './MemberConfirmations';
import { Ownership, UnusualActivity } from './Ownership';
import { PalestineSupport } from './PalestineSupport';
import { PalestinianProducts } from './PalestinianProducts';
import { BrandsAndProducts } from './BrandsAndProducts';
import { AlternativeBadges } from '../../features/brands/AlternativeBadges';
import { useBusinessDetail } from './useBusinessDetail';
import { Verification } from './Verification';
import classes from './BusinessDetailScreen.module.css';
import forms from '../../ui/forms.module.css';
import { OpeningStatus, useClock } from '../../ui/OpeningStatus';
import { SpecialHoursSection, useComingSpecialDays, useSpecialHoursText } from '../../features/special-hours/SpecialHoursSection';
import shared from '../../ui/page.module.css';
import { useContractLabels, useContractMessages, useDescribeValue } from '@zaytoon/web-kit/contract-messages';
import { DirectionsLinks } from '../../features/near-me/DirectionsLinks';

// Only members who open them need the dialogs' code.
const SuggestEditDialog = lazyNamed(() => import('./SuggestEditDialog'), 'SuggestEditDialog');
const ReportDialog = lazyNamed(() => import('./ReportDialog'), 'ReportDialog');
const ClaimDialog = lazyNamed(() => import('./ClaimDialog'), 'ClaimDialog');

/** /business/{id} (SPEC §2). */
export function BusinessDetailScreen() {
  const { id } = useParams();
  const detail = useBusinessDetail(id);
  const { business } = detail;
  const t = useMessages();
  const message = useContractMessages();
  const back = useBackToDirectory();

  if (detail.state === 'loading') {
    return (
      <>
        <NavBar variant="detail" />
        <PageSpinner label={t('form.loading')} />
      </>
    );
  }
  if (detail.state === 'unavailable') {
    return (
      <>
        <NavBar variant="detail" />
        <main className={shared.page}>
          <div className={`${shared.card} ${shared.empty}`} data-testid="business-unavailable" role="alert">
            <h1>{message('businessUnavailable')}</h1>
            <p>{t('common.checkConnection')}</p>
            <div className={forms.actions}>
              <button type="button" className="btn btn--primary" onClick={detail.retry} disabled={detail.retrying} aria-busy={detail.retrying}>
                {detail.retrying && <InlineSpinner />}
                {detail.retrying ? t('common.loading') : t('common.tryAgain')}
              </button>
              <Link to={back.to} onClick={back.onClick} className="btn btn--outline">
                {t('common.backToDirectory')}
              </Link>
            </div>
          </div>
        </main>
      </>
    );
  }
  if (!business || detail.state === 'missing') {
    return <EmptyPage title={t('detail.notFound')} message={t('detail.notFoundText')} navVariant="detail" testId="business-not-found" />;
  }

  return (
    <>
      <NavBar variant="detail" />
      <main className={shared.page} data-testid="business-detail" data-business-id={business.id}>
        <header className={`${shared.card} ${classes.header}`} data-testid="business-header">
          {business.category && <span className={`${shared.badge} ${shared.badgeGreen}`}>{business.category}</span>}
          <AlternativeBadges brands={business.alternatives} />
          <h1 className={classes.name} dir="auto">
            {business.name}
          </h1>
          {business.name_latin && (
            <p className={classes.nameLatin} dir="auto" data-testid="business-name-latin">
              {business.name_latin}
            </p>
          )}
          <p className={classes.address} dir="auto">
            {addressLine(business)}
          </p>
          {business.location_precision === 'area' && (
            <p className={shared.hint} data-testid="approximate-location">
              {t('map.approximateLocation')}
            </p>
          )}
          <DirectionsLinks latitude={business.latitude} longitude={business.longitude} />
          <Ownership business={business} />
          <UnusualActivity business={business} />
        </header>

        <CommunityRating businessId={business.id} votes={detail.votes} />

        <ActionRow business={business} canEdit={detail.canEdit.can_edit} isOwner={detail.canEdit.is_owner} />

        <div className={classes.columns}>
          {/* First in reading order at every width: on a phone they come right after the header, before About. */}
          <div className={classes.essentials} data-testid="business-essentials">
            <ContactInformation business={business} />
            <BusinessHours business={business} canEdit={detail.canEdit.can_edit} />
          </div>
          <div className={classes.main}>
            <Card title={t('detail.about')}>
              <p className={classes.prewrap} dir="auto">
                {business.description || t('detail.noDescription')}
              </p>
            </Card>
            <Card title={t('form.support')} className={classes.support}>
              <PalestineSupport business={business} />
            </Card>
            <Photos businessId={business.id} isOwner={detail.canEdit.is_owner} />
            {detail.canEdit.can_edit && (
              <Card title={t('tags.title')} testId="tags-card">
                <BrandsAndProducts business={business} />
              </Card>
            )}
            {!!business.palestinian_products?.products.length && (
              <Card title={t('detail.products')} testId="products-card">
                <PalestinianProducts stocked={business.palestinian_products} />
              </Card>
            )}
            {detail.suggestions.length > 0 && <PendingSuggestions suggestions={detail.suggestions} />}
            <RecentReports business={business} />
            <History businessId={business.id} />
          </div>

          <aside className={classes.side}>
            <SocialMedia business={business} />
            <BusinessInfo business={business} />
            <MemberConfirmations businessId={business.id} />
            <Comments businessId={business.id} comments={detail.comments} />
          </aside>
        </div>
      </main>
    </>
  );
}

function ActionRow({ business, canEdit, isOwner }: { business: BusinessDetail; canEdit: boolean; isOwner: boolean }) {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const t = useMessages();
  const message = useContractMessages();
  const count = useCount();
  const [dialog, setDialog] = useState<'suggest' | 'report' | 'claim' | null>(null);
  // Anyone but the owner whose claim was approved may claim: the admins decide.
  const mayClaim = !(business.managed_by_owner && isOwner);

  return (
    <div className={`${shared.card} ${classes.actions}`} data-testid="action-row">
      {user?.is_admin && business.report_count > 0 && (
        <span className={`${shared.badge} ${shared.badgeRed}`} data-testid="detail-report-count">
          {t('row.reports', count(business.report_count))}
        </span>
      )}
      {canEdit && (
        <Link to={`/edit-business/${business.id}`} className="btn btn--outline">
          {t('form.edit')}
        </Link>
      )}
      {user?.is_admin && (
        <Link to={`/admin?verify=${business.id}`} className="btn btn--outline">
          {t('detail.verify')}
        </Link>
      )}
      {user ? (
        <>
          <button type="button" className="btn btn--outline" onClick={() => setDialog('suggest')}>
            {t('detail.suggest')}
          </button>
          <button type="button" className="btn btn--danger" onClick={() => setDialog('report')}>
            {t('detail.report')}
          </button>
          {mayClaim && (
            <button type="button" className="btn btn--outline" onClick={() => setDialog('claim')}>
              {message('claimOwnBusiness')}
            </button>
          )}
        </>
      ) : (
        <div className={classes.interact}>
          <p>{t('detail.interactQuestion')}</p>
          <button type="button" className="btn btn--primary" onClick={() => navigate('/login')}>
            {t('detail.interact')}
          </button>
        </div>
      )}
      <Suspense fallback={null}>
        {dialog === 'suggest' && <SuggestEditDialog business={business} onClose={() => setDialog(null)} />}
        {dialog === 'report' && <ReportDialog businessId={business.id} onClose={() => setDialog(null)} />}
        {dialog === 'claim' && <ClaimDialog businessId={business.id} onClose={() => setDialog(null)} />}
      </Suspense>
    </div>
  );
}

function PendingSuggestions({ suggestions }: { suggestions: Suggestion[] }) {
  const t = useMessages();
  const label = useContractLabels();
  const describe = useDescribeValue();
  const locale = useLocale();
  return (
    <Card title={t('detail.pending', { n: suggestions.length })} testId="pending-suggestions">
      <ul className={classes.stack}>
        {suggestions.map((suggestion) => (
          <li key={suggestion.id} className={classes.suggestion}>
            <div className={classes.suggestionHead}>
              <span className={shared.badge}>{label('field', suggestion.field_name)}</span>
              <span className={shared.hint}>{formatDate(suggestion.created_at, locale)}</span>
            </div>
            <p>
              <strong>{t('detail.suggested')}</strong> <bdi>{describe.value(suggestion.suggested_value)}</bdi>
            </p>
            {suggestion.reason && (
              <p>
                <strong>{t('detail.reason')}</strong> <bdi>{suggestion.reason}</bdi>
              </p>
            )}
            <p className={shared.hint}>{t('detail.suggestedBy', { name: suggestion.suggester_username ?? t('common.formerMember') })}</p>
            <p className={classes.pendingNote}>{t('detail.pendingReview')}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RecentReports({ business }: { business: Business }) {
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const t = useMessages();
  const locale = useLocale();
  if (!isAdmin || business.report_count <= 0) return null;
  const latest = (business.latest_reports ?? []).slice(0, LIMITS.latestReportsShown);
  const more = business.report_count - latest.length;
  return (
    <Card title={t('detail.reports', { n: business.report_count })} testId="recent-reports">
      <ul className={classes.stack}>
        {latest.map((report) => (
          <li key={report.id} className={classes.suggestion}>
            <div className={classes.suggestionHead}>
              <span className={`${shared.badge} ${shared.badgeRed}`}>{report.reason}</span>
              <span className={shared.hint}>{formatDate(report.created_at, locale)}</span>
            </div>
            {report.description && <p dir="auto">{report.description}</p>}
            <p className={shared.hint}>{t('detail.reportedBy', { name: report.reporter_username ?? t('common.formerMember') })}</p>
          </li>
        ))}
      </ul>
      {more > 0 && <p className={shared.hint}>{t('detail.moreReports', { n: more })}</p>}
    </Card>
  );
}

function ContactInformation({ business }: { business: Business }) {
  const t = useMessages();
  return (
    <Card title={t('detail.contact')}>
      <ul className={`${classes.stack} ${classes.tight}`}>
        {business.phone && (
          <li>
            <a href={`tel:${business.phone.replace(/\s+/g, '')}`} dir="ltr">
              {business.phone}
            </a>
          </li>
        )}
        {isHttpUrl(business.website) && (
          <li>
            <a href={business.website} target="_blank" rel={USER_LINK_REL}>
              {t('detail.visitWebsite')}
            </a>
          </li>
        )}
        <li dir="auto">{addressLine(business)}</li>
      </ul>
    </Card>
  );
}

function BusinessHours({ business, canEdit }: { business: Business; canEdit: boolean }) {
  const hours = business.business_hours ?? {};
  const special = business.special_hours ?? [];
  const t = useMessages();
  const weekdayName = useWeekdayName();
  const now = useClock();
  const specialDays = useComingSpecialDays(special, now);
  const specialText = useSpecialHoursText();
  return (
    <Card title={t('form.hours')}>
      <OpeningStatus hours={hours} special={special} now={now} className={classes.openingStatus} />
      <dl className={classes.hours} data-testid="business-hours">
        {WEEKDAYS.map((day) => (
          <div key={day} className={classes.hoursRow} data-special={specialDays[day] ? true : undefined}>
            <dt>{weekdayName(day)}:</dt>
            {specialDays[day] ? (
              <dd>
                {specialDays[day].map((entry, index) => (
                  <span key={index}>
                    {index > 0 && ', '}
                    <span dir="auto">{entry.label}</span>: {specialText(entry)}
                  </span>
                ))}
              </dd>
            ) : (
              <dd dir="auto">{hours[day]?.trim() || t('detail.closed')}</dd>
            )}
          </div>
        ))}
      </dl>
      <SpecialHoursSection businessId={business.id} special={special} canEdit={canEdit} now={now} />
    </Card>
  );
}

function SocialMedia({ business }: { business: Business }) {
  const social = business.social_media ?? {};
  const links = (['facebook', 'twitter', 'instagram'] as const)
    .filter((network) => social[network]?.trim())
    .map((network) => ({ network, url: socialUrl(network, social[network] as string) }))
    .filter((link) => isHttpUrl(link.url));
  const t = useMessages();
  if (links.length === 0) return null;
  return (
    <Card title={t('detail.social')}>
      <ul className={`${classes.stack} ${classes.tight}`} data-testid="social-links">
        {links.map((link) => (
          <li key={link.network}>
            <a href={link.url} target="_blank" rel={USER_LINK_REL}>
              {SOCIAL_LABELS[link.network]}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function BusinessInfo({ business }: { business: Business }) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <Card title={t('detail.info')}>
      <p>{t('detail.added', { date: formatDate(business.created_at, locale) })}</p>
      <Verification business={business} />
    </Card>
  );
}

function Card({ title, className, testId, children }: { title: string; className?: string; testId?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={className ? `${shared.card} ${className}` : shared.card} aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className={forms.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
