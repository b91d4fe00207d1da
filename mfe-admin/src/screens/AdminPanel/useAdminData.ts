import { useCallback, useEffect, useState } from 'react';
import { errorMessage, MESSAGES, type AdminStatistics, type Business, type Report, type Suggestion } from '@zaytoon/client';
import { useHost } from '../../host';

/** Loads the four admin lists; each failure gets its own toast (SPEC §8). */
export function useAdminData() {
  const { api, toast } = useHost();
  const [stats, setStats] = useState<AdminStatistics | null>(null);
  const [reports, setReports] = useState<Report[]>([]);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [businesses, setBusinesses] = useState<Business[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    async function <T>(call: () => Promise<T>, apply: (value: T) => void, failure: string) {
      try {
        apply(await call());
      } catch (error) {
        console.error(failure, error);
        toast.error(errorMessage(error, failure));
      }
    },
    [toast],
  );

  const refresh = useCallback(async () => {
    await Promise.all([
      load(() => api.adminStatistics(), setStats, MESSAGES.loadStatisticsFailed),
      load(() => api.pendingReports(), (list) => setReports(Array.isArray(list) ? list : []), MESSAGES.loadPendingReportsFailed),
      load(
        () => api.pendingSuggestions(),
        (list) => setSuggestions(Array.isArray(list) ? list : []),
        MESSAGES.loadPendingSuggestionsFailed,
      ),
      load(
        () => api.reportedBusinesses(),
        (list) => setBusinesses(Array.isArray(list) ? list : []),
        MESSAGES.loadReportedBusinessesFailed,
      ),
    ]);
    setLoading(false);
  }, [api, load]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { stats, reports, suggestions, businesses, loading, refresh };
}
