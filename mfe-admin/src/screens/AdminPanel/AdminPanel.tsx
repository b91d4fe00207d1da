import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDeleteBusiness } from '../../features/admin/api/delete-business';
import { useBrokenLinks } from '../../features/admin/api/get-broken-links';
import { useDuplicatePairs } from '../../features/admin/api/duplicates';
import { useClaims } from '../../features/admin/api/get-claims';
import { useUnusualActivity } from '../../features/admin/api/unusual-activity';
import { usePendingReports } from '../../features/admin/api/get-pending-reports';
import { usePendingSuggestions } from '../../features/admin/api/get-pending-suggestions';
import { useRechecks } from '../../features/admin/api/get-rechecks';
import { useReportedBusinesses } from '../../features/admin/api/get-reported-businesses';
import { useStatistics } from '../../features/admin/api/get-statistics';
import { useReviewReport } from '../../features/admin/api/review-report';
import { useReviewSuggestion } from '../../features/admin/api/review-suggestion';
import { useBusinessToVerify } from '../../features/admin/api/verification';
import { LanguageMenu, useHost, useLanguage } from '@zaytoon/web-kit';
import { directionOf } from '@zaytoon/contract/client';
import { rich } from '../../i18n/Rich';
import { useMessages, type AdminMessage } from '../../i18n/messages';
import { ADMIN_BUILD_LABEL, ADMIN_VERSION, versionLabel } from '../../version';
import { BrokenLinksTab } from './BrokenLinksTab';
import { BusinessesTab } from './BusinessesTab';
import { DuplicatesTab } from './DuplicatesTab';
import { ClaimsTab } from './ClaimsTab';
import { RechecksTab } from './RechecksTab';
import { ReportsTab } from './ReportsTab';
import { StatisticsRow } from './StatisticsRow';
import { SuggestionsTab } from './SuggestionsTab';
import { UnusualActivityTab } from './UnusualActivityTab';
import { VerifyDialog } from './VerifyDialog';
import card from './card.module.css';
import panel from './AdminPanel.module.css';

type Tab = 'reports' | 'suggestions' | 'businesses' | 'rechecks' | 'links' | 'duplicates' | 'claims' | 'unusual';
const TABS: Tab[] = ['reports', 'suggestions', 'businesses', 'rechecks', 'links', 'duplicates', 'claims', 'unusual'];

/** What the panel reads of a queue's infinite query: the items read so far and the total of them all. */
const itemsOf = <Item,>(query: { data?: { pages: { items: Item[] }[] } }): Item[] => query.data?.pages.flatMap((page) => page.items) ?? [];
const totalOf = (query: { data?: { pages: { total: number }[] } }): number => query.data?.pages[0]?.total ?? 0;

/** Resolves when the decision has settled (its card's buttons wait for it); a refusal was already toasted. */
const settled = (decision: Promise<unknown>): Promise<boolean> =>
  decision.then(
    () => true,
    () => false,
  );

/**
 * /admin (SPEC §2): statistics, three review tabs and the instructions. The answers and decisions are
 * TanStack queries and mutations (features/admin/api); a failed load leaves its list empty.
 */
export function AdminPanel() {
  const { productName } = useHost();
  const t = useMessages();
  const rtl = directionOf(useLanguage()) === 'rtl';
  const ids = useId();
  const tabId = (name: Tab) => `${ids}tab-${name}`;
  const panelId = (name: Tab) => `${ids}panel-${name}`;
  const statistics = useStatistics();
  const reportsQuery = usePendingReports();
  const suggestionsQuery = usePendingSuggestions();
  const businessesQuery = useReportedBusinesses();
  const reviewReport = useReviewReport();
  const reviewSuggestion = useReviewSuggestion();
  const deleteBusiness = useDeleteBusiness();
  const rechecks = useRechecks();
  const brokenLinks = useBrokenLinks();
  const duplicates = useDuplicatePairs();
  const claims = useClaims();
  const unusual = useUnusualActivity();
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
  const data = {
    stats: statistics.data ?? null,
    reports: itemsOf(reportsQuery),
    suggestions: itemsOf(suggestionsQuery),
    businesses: itemsOf(businessesQuery),
    // 'Loading...' until each queue has its first answer (or has failed); the statistics row has its own.
    loading: reportsQuery.isPending || suggestionsQuery.isPending || businessesQuery.isPending,
  };
  const [tab, setTab] = useState<Tab>('reports');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    reports: null,
    suggestions: null,
    businesses: null,
    rechecks: null,
    links: null,
    duplicates: null,
    claims: null,
    unusual: null,
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

      <StatisticsRow stats={data.stats} />

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
        {data.loading ? (
          <p className={card.muted}>{t('panel.loading')}</p>
        ) : tab === 'reports' ? (
          <ReportsTab
            reports={data.reports}
            more={reportsQuery}
            onReview={(report, action) => settled(reviewReport.mutateAsync({ report, action }))}
          />
        ) : tab === 'suggestions' ? (
          <SuggestionsTab
            suggestions={data.suggestions}
            more={suggestionsQuery}
            onReview={(suggestion, action) => settled(reviewSuggestion.mutateAsync({ suggestion, action }))}
          />
        ) : tab === 'businesses' ? (
          <BusinessesTab businesses={data.businesses} more={businessesQuery} onDelete={(business) => settled(deleteBusiness.mutateAsync(business))} />
        ) : tab === 'rechecks' ? (
          <RechecksTab />
        ) : tab === 'links' ? (
          <BrokenLinksTab />
        ) : tab === 'duplicates' ? (
          <DuplicatesTab />
        ) : tab === 'claims' ? (
          <ClaimsTab />
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
