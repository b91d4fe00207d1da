import { useCallback, useEffect, useRef, useState } from 'react';
import {
  businessDeletedMessage,
  errorMessage,
  MESSAGES,
  type AdminStatistics,
  type Business,
  type Report,
  type ReviewAction,
  type Suggestion,
} from '@zaytoon/client';
import { useHost } from '../../host';
import {
  afterBusinessDeleted,
  afterReportReviewed,
  afterSuggestionReviewed,
  isFreshStatistics,
  type AdminState,
} from './adminState';

/** How long to wait between statistics checks after a change (the worker refreshes the rollup). */
export const STATISTICS_RETRY_DELAYS_MS = [400, 800, 1600, 3200, 6400];

const EMPTY: AdminState = { stats: null, reports: [], suggestions: [], businesses: [] };

const list = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export interface AdminData extends AdminState {
  loading: boolean;
  refresh(): Promise<void>;
  /** Each resolves true when the server accepted the decision (and the panel already shows it). */
  reviewReport(report: Report, action: ReviewAction): Promise<boolean>;
  reviewSuggestion(suggestion: Suggestion, action: ReviewAction): Promise<boolean>;
  deleteBusiness(business: Business): Promise<boolean>;
}

/**
 * The panel's data: the four admin answers (each failure with its own SPEC §8 toast) and the three
 * decisions. A decision shows at once (its card leaves, counts drop); the lists are then re-read
 * from the server, and the statistics (a rollup the worker refreshes after each change) are re-read
 * until they include the change.
 */
export function useAdminData(): AdminData {
  const { api, toast } = useHost();
  const [state, setState] = useState<AdminState>(EMPTY);
  const [loading, setLoading] = useState(true);

  const mounted = useRef(true);
  /** Bumped by every local change: list answers requested before it are out of date. */
  const generation = useRef(0);
  /** Client time of the last accepted decision (0: none yet). */
  const changedAt = useRef(0);
  /** Businesses removed during this visit; the server may list their suggestions until the cascade job runs. */
  const removed = useRef(new Set<number>());
  const statsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (statsTimer.current) clearTimeout(statsTimer.current);
    };
  }, []);

  const fetchList = useCallback(
    async <T,>(call: () => Promise<unknown>, failure: string): Promise<T[] | null> => {
      try {
        return list<T>(await call());
      } catch (error) {
        console.error(failure, error);
        toast.error(errorMessage(error, failure));
        return null;
      }
    },
    [toast],
  );

  /** Re-reads the statistics until they were computed after our last change (or we give up and show them). */
  const settleStatistics = useCallback(
    (attempt = 0) => {
      if (statsTimer.current) clearTimeout(statsTimer.current);
      if (attempt >= STATISTICS_RETRY_DELAYS_MS.length) return;
      statsTimer.current = setTimeout(async () => {
        statsTimer.current = null;
        try {
          const stats = await api.adminStatistics();
          if (!mounted.current) return;
          const last = attempt === STATISTICS_RETRY_DELAYS_MS.length - 1;
          if (isFreshStatistics(stats, changedAt.current) || last) setState((current) => ({ ...current, stats }));
          else settleStatistics(attempt + 1);
        } catch (error) {
          console.error('statistics refresh failed', error);
          if (mounted.current) settleStatistics(attempt + 1);
        }
      }, STATISTICS_RETRY_DELAYS_MS[attempt]);
    },
    [api],
  );

  const refresh = useCallback(async () => {
    const started = generation.current;
    const [stats, reports, suggestions, businesses] = await Promise.all([
      api.adminStatistics().then(
        (value: AdminStatistics) => value,
        (error: unknown) => {
          console.error(MESSAGES.loadStatisticsFailed, error);
          toast.error(errorMessage(error, MESSAGES.loadStatisticsFailed));
          return null;
        },
      ),
      fetchList<Report>(() => api.pendingReports(), MESSAGES.loadPendingReportsFailed),
      fetchList<Suggestion>(() => api.pendingSuggestions(), MESSAGES.loadPendingSuggestionsFailed),
      fetchList<Business>(() => api.reportedBusinesses(), MESSAGES.loadReportedBusinessesFailed),
    ]);
    if (!mounted.current) return;
    const gone = removed.current;
    const current = started === generation.current;
    setState((previous) => ({
      stats: stats && isFreshStatistics(stats, changedAt.current) ? stats : previous.stats,
      // An answer that left before a newer local change is already out of date: keep what we show.
      reports: current && reports ? reports.filter((r) => !gone.has(r.business_id)) : previous.reports,
      suggestions: current && suggestions ? suggestions.filter((s) => !gone.has(s.business_id)) : previous.suggestions,
      businesses: current && businesses ? businesses.filter((b) => !gone.has(b.id)) : previous.businesses,
    }));
    if (stats && !isFreshStatistics(stats, changedAt.current) && !statsTimer.current) settleStatistics();
    setLoading(false);
  }, [api, fetchList, settleStatistics, toast]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Shows an accepted decision at once, then reconciles with the server. */
  const applyLocally = useCallback(
    (change: (state: AdminState) => AdminState) => {
      generation.current += 1;
      changedAt.current = Date.now();
      setState(change);
      void refresh();
      settleStatistics();
    },
    [refresh, settleStatistics],
  );

  /** A refused decision (already reviewed elsewhere, business gone...) means our lists are stale. */
  const refused = useCallback(
    (what: string, error: unknown, fallback: string) => {
      console.error(what, error);
      toast.error(errorMessage(error, fallback));
      void refresh();
      return false;
    },
    [refresh, toast],
  );

  const reviewReport = useCallback(
    async (report: Report, action: ReviewAction) => {
      try {
        await api.reviewReport(report.id, action);
      } catch (error) {
        return refused('review report failed', error, MESSAGES.processReportFailed);
      }
      if (!mounted.current) return true;
      toast.success(action === 'approve' ? MESSAGES.reportApproved : MESSAGES.reportRejected);
      if (action === 'approve') removed.current.add(report.business_id);
      applyLocally((current) => afterReportReviewed(current, report, action));
      return true;
    },
    [api, applyLocally, refused, toast],
  );

  const reviewSuggestion = useCallback(
    async (suggestion: Suggestion, action: ReviewAction) => {
      try {
        await api.reviewSuggestion(suggestion.id, action);
      } catch (error) {
        return refused('review suggestion failed', error, MESSAGES.processSuggestionFailed);
      }
      if (!mounted.current) return true;
      toast.success(action === 'approve' ? MESSAGES.suggestionApproved : MESSAGES.suggestionRejected);
      applyLocally((current) => afterSuggestionReviewed(current, suggestion));
      return true;
    },
    [api, applyLocally, refused, toast],
  );

  const deleteBusiness = useCallback(
    async (business: Business) => {
      try {
        await api.adminDeleteBusiness(business.id);
      } catch (error) {
        return refused('delete business failed', error, MESSAGES.deleteBusinessFailed);
      }
      if (!mounted.current) return true;
      toast.success(businessDeletedMessage(business.name));
      removed.current.add(business.id);
      applyLocally((current) => afterBusinessDeleted(current, business));
      return true;
    },
    [api, applyLocally, refused, toast],
  );

  return { ...state, loading, refresh, reviewReport, reviewSuggestion, deleteBusiness };
}
