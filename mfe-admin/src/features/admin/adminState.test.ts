import { describe, expect, it } from 'vitest';
import { business, report, statistics, suggestion } from '../../test/fixtures';
import { afterBusinessDeleted, afterReportReviewed, afterSuggestionReviewed, isFreshStatistics, type AdminState } from './adminState';

const state = (): AdminState => ({
  stats: statistics({ pending: { reports: 3, suggestions: 2 } }),
  reports: [report(1), report(2), report(3, { business_id: 8 })],
  suggestions: [suggestion(1), suggestion(2, { business_id: 8 })],
  businesses: [
    business(7, { verified: true, report_count: 2, latest_reports: [report(1), report(2)] }),
    business(8, { report_count: 1, latest_reports: [report(3, { business_id: 8 })] }),
  ],
});

describe('local effect of each decision', () => {
  it('approving a report removes the business with all its pending reports and suggestions', () => {
    const next = afterReportReviewed(state(), report(1), 'approve');
    expect(next.reports.map((r) => r.id)).toEqual([3]);
    expect(next.suggestions.map((s) => s.id)).toEqual([2]);
    expect(next.businesses.map((b) => b.id)).toEqual([8]);
    expect(next.stats?.pending).toEqual({ reports: 1, suggestions: 1 });
    expect(next.stats?.businesses).toEqual({ total: 39, verified: 24, unverified: 15 });
  });

  it('rejecting a report removes only it and lowers its business count', () => {
    const next = afterReportReviewed(state(), report(1), 'reject');
    expect(next.reports.map((r) => r.id)).toEqual([2, 3]);
    expect(next.businesses.find((b) => b.id === 7)).toMatchObject({ report_count: 1, latest_reports: [expect.objectContaining({ id: 2 })] });
    expect(next.stats?.pending.reports).toBe(2);
    expect(next.stats?.businesses.total).toBe(40);
  });

  it('rejecting the last report of a business takes it off the reported list', () => {
    const next = afterReportReviewed(state(), report(3, { business_id: 8 }), 'reject');
    expect(next.businesses.map((b) => b.id)).toEqual([7]);
  });

  it('a reviewed suggestion leaves the list whatever the decision', () => {
    const next = afterSuggestionReviewed(state(), suggestion(1));
    expect(next.suggestions.map((s) => s.id)).toEqual([2]);
    expect(next.stats?.pending).toEqual({ reports: 3, suggestions: 1 });
  });

  it('a deleted business takes its reports and suggestions with it', () => {
    const next = afterBusinessDeleted(state(), state().businesses[1]);
    expect(next.businesses.map((b) => b.id)).toEqual([7]);
    expect(next.reports.map((r) => r.id)).toEqual([1, 2]);
    expect(next.suggestions.map((s) => s.id)).toEqual([1]);
    expect(next.stats?.businesses).toEqual({ total: 39, verified: 25, unverified: 14 });
    expect(next.stats?.pending).toEqual({ reports: 2, suggestions: 1 });
  });

  it('never counts below zero, and works before the statistics arrive', () => {
    const empty: AdminState = { stats: statistics({ pending: { reports: 0, suggestions: 0 } }), reports: [], suggestions: [], businesses: [] };
    expect(afterReportReviewed(empty, report(1), 'approve').stats?.pending.reports).toBe(0);
    expect(afterSuggestionReviewed({ ...state(), stats: null }, suggestion(1)).stats).toBeNull();
  });
});

describe('statistics freshness', () => {
  it('is fresh when computed at or after the last change, or when the time is unknown', () => {
    const at = Date.parse('2024-03-05T10:00:00Z');
    expect(isFreshStatistics(statistics({ computed_at: '2024-03-05T10:00:01Z' }), at)).toBe(true);
    expect(isFreshStatistics(statistics({ computed_at: '2024-03-05T09:59:59Z' }), at)).toBe(false);
    expect(isFreshStatistics(statistics(), at)).toBe(true);
  });
});
