import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Business, Report, Suggestion } from '@zaytoon/contract/client';
import { useDeleteBusiness } from '../../features/admin/api/delete-business';
import { useBrokenLinks } from '../../features/admin/api/get-broken-links';
import { useDuplicatePairs } from '../../features/admin/api/duplicates';
import { useClaims } from '../../features/admin/api/get-claims';
import { usePendingReports } from '../../features/admin/api/get-pending-reports';
import { usePendingSuggestions } from '../../features/admin/api/get-pending-suggestions';
import { useRechecks } from '../../features/admin/api/get-rechecks';
import { useReportedBusinesses } from '../../features/admin/api/get-reported-businesses';
import { useStatistics } from '../../features/admin/api/get-statistics';
import { useReviewReport } from '../../features/admin/api/review-report';
import { useReviewSuggestion } from '../../features/admin/api/review-suggestion';
import { useBusinessToVerify } from '../../features/admin/api/verification';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_BUILD_LABEL, ADMIN_VERSION, versionText } from '../../version';
import { BrokenLinksTab } from './BrokenLinksTab';
import { BusinessesTab } from './BusinessesTab';
import { DuplicatesTab } from './DuplicatesTab';
import { ClaimsTab } from './ClaimsTab';
import { RechecksTab } from './RechecksTab';
import { ReportsTab } from './ReportsTab';
import { StatisticsRow } from './StatisticsRow';
import { SuggestionsTab } from './SuggestionsTab';
import { VerifyDialog } from './VerifyDialog';
import card from './card.module.css';
import panel from './AdminPanel.module.css';

type Tab = 'reports' | 'suggestions' | 'businesses' | 'rechecks' | 'links' | 'duplicates' | 'claims';
const TABS: Tab[] = ['reports', 'suggestions', 'businesses', 'rechecks', 'links', 'duplicates', 'claims'];

const NO_REPORTS: Report[] = [];
const NO_SUGGESTIONS: Suggestion[] = [];
const NO_BUSINESSES: Business[] = [];

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
    reports: reportsQuery.data ?? NO_REPORTS,
    suggestions: suggestionsQuery.data ?? NO_SUGGESTIONS,
    businesses: businessesQuery.data ?? NO_BUSINESSES,
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
  });

  const labels: Record<Tab, string> = {
    reports: `Reports (${data.reports.length})`,
    suggestions: `Suggestions (${data.suggestions.length})`,
    businesses: `Businesses (${data.businesses.length})`,
    rechecks: `Re-checks (${rechecks.data?.pages[0]?.total ?? 0})`,
    links: `Broken links (${brokenLinks.data?.pages[0]?.total ?? 0})`,
    duplicates: `Possible duplicates (${duplicates.data?.pages[0]?.total ?? 0})`,
    claims: `Claims (${claims.data?.pages[0]?.total ?? 0})`,
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    let next: Tab | null = null;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    if (event.key === 'ArrowLeft') next = TABS[(index + TABS.length - 1) % TABS.length];
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
        <Link to="/dashboard" className="btn btn--ghost">
          ← Back to Directory
        </Link>
        <h1 className={panel.title}>Admin Panel</h1>
        <p className={card.muted}>Review reports and suggestions for {productName}.</p>
      </header>

      <StatisticsRow stats={data.stats} />

      <div className={panel.tabs} role="tablist" aria-label="Review queues">
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
            {labels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className={panel.panel} tabIndex={0}>
        {data.loading ? (
          <p className={card.muted}>Loading...</p>
        ) : tab === 'reports' ? (
          <ReportsTab reports={data.reports} onReview={(report, action) => settled(reviewReport.mutateAsync({ report, action }))} />
        ) : tab === 'suggestions' ? (
          <SuggestionsTab
            suggestions={data.suggestions}
            onReview={(suggestion, action) => settled(reviewSuggestion.mutateAsync({ suggestion, action }))}
          />
        ) : tab === 'businesses' ? (
          <BusinessesTab businesses={data.businesses} onDelete={(business) => settled(deleteBusiness.mutateAsync(business))} />
        ) : tab === 'rechecks' ? (
          <RechecksTab />
        ) : tab === 'links' ? (
          <BrokenLinksTab />
        ) : tab === 'duplicates' ? (
          <DuplicatesTab />
        ) : (
          <ClaimsTab />
        )}
      </div>
      {toVerify.data && <VerifyDialog business={toVerify.data} onClose={closeVerify} />}

      <aside className={`${card.card} ${panel.instructions}`} aria-labelledby={`${ids}instructions`}>
        <h2 id={`${ids}instructions`}>Admin Instructions</h2>
        <ul>
          <li>
            <strong>Approve</strong> a report to remove the business and delete all of its related reports.
          </li>
          <li>
            <strong>Reject</strong> a report to keep the business listed and mark the report as reviewed.
          </li>
          <li>Check the business details before deciding.</li>
          <li>Consider the reporter&apos;s credibility and the details they give.</li>
          <li>When in doubt, prioritise community safety.</li>
        </ul>
      </aside>

      <footer className={panel.version} data-testid="admin-version" data-version={ADMIN_VERSION} data-label={ADMIN_BUILD_LABEL}>
        {versionText()}
      </footer>
    </main>
  );
}
