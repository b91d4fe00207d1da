import { useId, useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useBrokenLinks } from '../../features/admin/api/get-broken-links';
import { useDuplicatePairs } from '../../features/admin/api/duplicates';
import { useClaims } from '../../features/admin/api/get-claims';
import { useUnusualActivity } from '../../features/admin/api/unusual-activity';
import { usePartnerKeys } from '../../features/admin/api/partner-keys';
import { usePendingSubmissions } from '../../features/admin/api/partner-submissions';
import { usePendingReports } from '../../features/admin/api/get-pending-reports';
import { usePendingSuggestions } from '../../features/admin/api/get-pending-suggestions';
import { useRechecks } from '../../features/admin/api/get-rechecks';
import { useReportedBusinesses } from '../../features/admin/api/get-reported-businesses';
import { useStatistics } from '../../features/admin/api/get-statistics';
import { useBusinessToVerify } from '../../features/admin/api/verification';
import { LanguageMenu, useHost, useLanguage } from '@zaytoon/web-kit';
import { directionOf } from '@zaytoon/contract/client';
import { rich } from '../../i18n/Rich';
import { useMessages, type AdminMessage } from '../../i18n/messages';
import { ADMIN_BUILD_LABEL, ADMIN_VERSION, versionLabel } from '../../version';
import { BrandsTab } from './BrandsTab';
import { BrokenLinksTab } from './BrokenLinksTab';
import { BusinessesTab } from './BusinessesTab';
import { DuplicatesTab } from './DuplicatesTab';
import { ClaimsTab } from './ClaimsTab';
import { RechecksTab } from './RechecksTab';
import { ReportsTab } from './ReportsTab';
import { StatisticsRow } from './StatisticsRow';
import { SuggestionsTab } from './SuggestionsTab';
import { UnusualActivityTab } from './UnusualActivityTab';
import { PhotosTab } from './PhotosTab';
import { useAdminPhotos } from '../../features/admin/api/photos';
import { PartnersTab } from './PartnersTab';
import { SubmissionsTab } from './SubmissionsTab';
import { VerifyDialog } from './VerifyDialog';
import { QUEUE_PARAMS } from './queueParams';
import card from './card.module.css';
import panel from './AdminPanel.module.css';

type Tab =
  | 'reports'
  | 'suggestions'
  | 'businesses'
  | 'rechecks'
  | 'links'
  | 'duplicates'
  | 'claims'
  | 'unusual'
  | 'photos'
  | 'submissions'
  | 'partners'
  | 'brands';
const TABS: Tab[] = [
  'reports',
  'suggestions',
  'businesses',
  'rechecks',
  'links',
  'duplicates',
  'claims',
  'unusual',
  'photos',
  'submissions',
  'partners',
  'brands',
];
const isTab = (name: string | null): name is Tab => TABS.includes(name as Tab);

/** What the panel reads of a queue's infinite query: the total of them all. */
const totalOf = (query: { data?: { pages: { total: number }[] } }): number => query.data?.pages[0]?.total ?? 0;

/**
 * /admin (SPEC §2): statistics, the review tabs and the instructions. The open tab is in the URL (`?tab=suggestions`),
 * so a reload or a shared link opens it and Back and forward move between tabs. Each tab reads its own queue (TanStack
 * queries and mutations, features/admin/api) and shows its own loading, failure and empty states.
 */
export function AdminPanel() {
  const { productName } = useHost();
  const t = useMessages();
  const rtl = directionOf(useLanguage()) === 'rtl';
  const ids = useId();
  const tabId = (name: Tab) => `${ids}tab-${name}`;
  const panelId = (name: Tab) => `${ids}panel-${name}`;
  const statistics = useStatistics();
  // The whole queues, for the tabs' counts; a tab narrowed by a search reads its own.
  const reportsQuery = usePendingReports();
  const suggestionsQuery = usePendingSuggestions();
  const businessesQuery = useReportedBusinesses();
  const rechecks = useRechecks();
  const brokenLinks = useBrokenLinks();
  const duplicates = useDuplicatePairs();
  const claims = useClaims();
  const unusual = useUnusualActivity();
  const photos = useAdminPhotos();
  const submissions = usePendingSubmissions();
  const partnerKeys = usePartnerKeys();
  // 'Verify Business' on a business's page comes here with ?verify=<id>.
  const [searchParams, setSearchParams] = useSearchParams();
  const verifyId = /^\d+$/.test(searchParams.get('verify') ?? '') ? Number(searchParams.get('verify')) : null;
  const toVerify = useBusinessToVerify(verifyId);
  const closeVerify = () =>
    setSearchParams(
      (params) => {
        params.delete('verify');
        return params;
      },
      { replace: true },
    );
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'reports';
  // A new history entry, without the last tab's search and filter.
  const setTab = (name: Tab) => {
    if (name === tab) return;
    setSearchParams((params) => {
      for (const param of QUEUE_PARAMS) params.delete(param);
      params.set('tab', name);
      return params;
    });
  };
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    reports: null,
    suggestions: null,
    businesses: null,
    rechecks: null,
    links: null,
    duplicates: null,
    claims: null,
    unusual: null,
    photos: null,
    submissions: null,
    partners: null,
    brands: null,
  });

  // Each tab counts its whole queue (the API's total), not the pages read so far.
  const counts: Record<Tab, number> = {
    reports: totalOf(reportsQuery),
    suggestions: totalOf(suggestionsQuery),
    businesses: totalOf(businessesQuery),
    rechecks: totalOf(rechecks),
    links: totalOf(brokenLinks),
    duplicates: totalOf(duplicates),
    claims: totalOf(claims),
    unusual: totalOf(unusual),
    photos: totalOf(photos),
    submissions: totalOf(submissions),
    partners: totalOf(partnerKeys),
    // A list kept, not a queue: its tab counts nothing.
    brands: 0,
  };
  const label = (name: Tab) => t(`tab.${name}` satisfies AdminMessage, { count: counts[name] });

  // Arrow keys move between tabs (WAI-ARIA tabs pattern), along the reading direction: in RTL the next tab is on the left.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: Tab | null = null;
    if (event.key === forward) next = TABS[(index + 1) % TABS.length];
    if (event.key === backward) next = TABS[(index + TABS.length - 1) % TABS.length];
    if (event.key === 'Home') next = TABS[0];
    if (event.key === 'End') next = TABS[TABS.length - 1];
    if (next) {
      event.preventDefault();
      setTab(next);
      tabRefs.current[next]?.focus();
    }
  };

  return (
    <main className={panel.page} data-testid="admin-panel">
      <header className={panel.header}>
        <div className={panel.headerBar}>
          <Link to="/dashboard" className="btn btn--ghost">
            <span className={card.mirror}>←</span> {t('panel.back')}
          </Link>
          <LanguageMenu label={t('language.label')} />
        </div>
        <h1 className={panel.title}>{t('panel.title')}</h1>
        <p className={card.muted}>{rich(t, 'panel.lead', { product: <bdi dir="auto">{productName}</bdi> })}</p>
      </header>

      <StatisticsRow stats={statistics.data ?? null} />

      <div className={panel.tabs} role="tablist" aria-label={t('panel.queues')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-controls={panelId(name)}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            className={panel.tab}
            onClick={() => setTab(name)}
            onKeyDown={onKeyDown}
          >
            {label(name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className={panel.panel} tabIndex={0}>
        {tab === 'reports' ? (
          <ReportsTab />
        ) : tab === 'suggestions' ? (
          <SuggestionsTab />
        ) : tab === 'businesses' ? (
          <BusinessesTab />
        ) : tab === 'rechecks' ? (
          <RechecksTab />
        ) : tab === 'links' ? (
          <BrokenLinksTab />
        ) : tab === 'duplicates' ? (
          <DuplicatesTab />
        ) : tab === 'claims' ? (
          <ClaimsTab />
        ) : tab === 'photos' ? (
          <PhotosTab />
        ) : tab === 'submissions' ? (
          <SubmissionsTab />
        ) : tab === 'partners' ? (
          <PartnersTab />
        ) : tab === 'brands' ? (
          <BrandsTab />
        ) : (
          <UnusualActivityTab />
        )}
      </div>
      {toVerify.data && <VerifyDialog business={toVerify.data} onClose={closeVerify} />}

      <aside className={`${card.card} ${panel.instructions}`} aria-labelledby={`${ids}instructions`}>
        <h2 id={`${ids}instructions`}>{t('instructions.title')}</h2>
        <ul>
          <li>{rich(t, 'instructions.approve', { word: <strong>{t('instructions.approveWord')}</strong> })}</li>
          <li>{rich(t, 'instructions.reject', { word: <strong>{t('instructions.rejectWord')}</strong> })}</li>
          <li>{t('instructions.check')}</li>
          <li>{t('instructions.credibility')}</li>
          <li>{t('instructions.safety')}</li>
        </ul>
      </aside>

      <footer className={panel.version} data-testid="admin-version" data-version={ADMIN_VERSION} data-label={ADMIN_BUILD_LABEL}>
        {rich(t, 'panel.version', { version: <bdi dir="ltr">{versionLabel()}</bdi> })}
      </footer>
    </main>
  );
}
