import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { literalTexts } from '@zaytoon/build-kit/catalog-text';
import { ApiError, contractLabelEntries, MESSAGES } from '@zaytoon/contract/client';
import { preloadContractMessages } from '@zaytoon/web-kit/contract-messages';
import arabicCatalog from '../../i18n/locales/ar.json';
import {
  brokenLink,
  business,
  claim,
  duplicatePair,
  fakeAdminServer,
  pageOf,
  partnerSubmission,
  pausedBusiness,
  recheck,
  report,
  suggestion,
} from '../../test/fixtures';
import { fakeApi, fakeHost, renderWithHost, routeFake } from '../../test/harness';
import englishSource from '../../i18n/locales/en.json?raw';
import { ADMIN_BUILD_LABEL, ADMIN_VERSION } from '../../version';
import { AdminPanel } from './AdminPanel';
import { useLocation, useNavigate } from 'react-router-dom';

function seeded() {
  return fakeAdminServer({
    businesses: [business(7, { verified: true }), business(8, { name: 'Jaffa Books' }), business(9, { name: 'Gaza Kitchen' })],
    reports: [
      report(1),
      report(2, { reason: 'Other', reporter_username: 'omar', reported_by: 4 }),
      report(3, { business_id: 8, business_name: 'Jaffa Books', reason: 'Spam or duplicate' }),
    ],
    suggestions: [
      suggestion(1),
      suggestion(2, {
        business_id: 9,
        business_name: 'Gaza Kitchen',
        field_name: 'description',
        suggestion_type: 'edit_existing',
        suggested_value: 'Family kitchen',
      }),
    ],
  });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
/** Every tab's name, with these pending reports, suggestions and reported businesses and empty later lists. */
const tabsCounting = (reports: number, suggestions: number, businesses: number) => [
  `Reports (${reports})`,
  `Suggestions (${suggestions})`,
  `Businesses (${businesses})`,
  'Re-checks (0)',
  'Broken links (0)',
  'Possible duplicates (0)',
  'Claims (0)',
  'Unusual activity (0)',
  'Photos (0)',
  'Partner submissions (0)',
  'Partners (0)',
  'Brands',
];
const pending = () => screen.getByTestId('stat-pending').dataset;

describe('admin panel', () => {
  it('loads the statistics and the three queues', async () => {
    const server = seeded();
    renderWithHost(<AdminPanel />, fakeHost({ api: server.api }));
    await screen.findAllByTestId('report-card');
    expect(screen.getByTestId('stat-users').textContent).toContain('2 admins, 10 regular');
    expect(screen.getByTestId('stat-businesses').textContent).toContain('1 verified, 2 unverified');
    expect(pending()).toMatchObject({ total: '5', reports: '3', suggestions: '2' });
    expect(tabNames()).toEqual(tabsCounting(3, 2, 2));
  });

  it("counts each whole queue in its tab, shows the first page, and 'Load more' reads the next until none remain", async () => {
    // 25 reports about 25 businesses, 23 suggestions: more than one page (20) of each queue.
    const server = fakeAdminServer({
      reports: Array.from({ length: 25 }, (_, index) => report(index + 1, { business_id: 100 + index, business_name: `Shop ${index + 1}` })),
      suggestions: Array.from({ length: 23 }, (_, index) => suggestion(index + 1)),
    });
    const pendingReports = routeFake(server.api, 'pendingReports');
    renderWithHost(<AdminPanel />, fakeHost({ api: server.api }));
    await waitFor(() => expect(screen.getAllByTestId('report-card')).toHaveLength(20));
    expect(tabNames()).toEqual(tabsCounting(25, 23, 25));
    expect(pendingReports).toHaveBeenCalledWith({ query: { limit: 20, cursor: undefined } });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('report-card')).toHaveLength(25));
    expect(pendingReports).toHaveBeenLastCalledWith({ query: { limit: 20, cursor: '20' } });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Suggestions (23)' }));
    expect(screen.getAllByTestId('suggestion-card')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('suggestion-card')).toHaveLength(23));

    await userEvent.click(screen.getByRole('tab', { name: 'Businesses (25)' }));
    expect(screen.getAllByTestId('reported-business-card')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('reported-business-card')).toHaveLength(25));
    expect(tabNames()).toEqual(tabsCounting(25, 23, 25));
  });

  it('a decision on a later page shows at once, and its tab counts one fewer of the whole queue', async () => {
    const server = fakeAdminServer({
      reports: Array.from({ length: 22 }, (_, index) => report(index + 1, { business_id: 100 + index, business_name: `Shop ${index + 1}` })),
    });
    renderWithHost(<AdminPanel />, fakeHost({ api: server.api }));
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('report-card')).toHaveLength(22));
    const last = screen.getAllByTestId('report-card')[21];
    await userEvent.click(within(last).getByRole('button', { name: 'Reject' }));
    expect(screen.getAllByTestId('report-card')).toHaveLength(21);
    expect(tabNames().slice(0, 3)).toEqual(['Reports (21)', 'Suggestions (0)', 'Businesses (21)']);
    await waitFor(() => expect(screen.getAllByTestId('report-card')).toHaveLength(21));
    expect(tabNames().slice(0, 3)).toEqual(['Reports (21)', 'Suggestions (0)', 'Businesses (21)']);
  });

  it('switches tabs by click and by arrow keys (WAI-ARIA tabs)', async () => {
    renderWithHost(<AdminPanel />, fakeHost({ api: seeded().api }));
    await screen.findAllByTestId('report-card');
    screen.getByRole('tab', { name: 'Reports (3)' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Suggestions (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Suggestions (2)');
    expect(screen.getAllByTestId('suggestion-card')).toHaveLength(2);
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('brands-tab')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('partners')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('submissions')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('admin-photos')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('unusual-activity')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('claims')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('duplicates')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('broken-links')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('rechecks')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getAllByTestId('reported-business-card')).toHaveLength(2);
    await userEvent.keyboard('{End}{ArrowRight}');
    expect(screen.getAllByTestId('report-card')).toHaveLength(3);
    await userEvent.click(screen.getByRole('tab', { name: 'Businesses (2)' }));
    expect(screen.getByRole('tabpanel', { name: 'Businesses (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Businesses (2)' }).getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
    expect(screen.getByRole('complementary', { name: 'Admin Instructions' })).toBeTruthy();
  });

  it('approving a report shows at once: its business and reports leave, counts drop, and it stays so after a reload', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = seeded();
    const host = fakeHost({ api: server.api });
    const view = renderWithHost(<AdminPanel />, host);
    const [first] = await screen.findAllByTestId('report-card');
    await userEvent.click(within(first).getByRole('button', { name: 'Approve & Remove Business' }));
    expect(host.toast.success).toHaveBeenCalledWith('Report approved and business removed');
    expect(host.api.call).toHaveBeenCalledWith('reviewReport', { id: 1, query: { action: 'approve' } });
    // both reports about business 7 are gone; the statistics rollup has not caught up, the panel has
    expect(screen.getAllByTestId('report-card').map((card) => card.dataset.reportId)).toEqual(['3']);
    expect(tabNames()).toEqual(tabsCounting(1, 1, 1));
    expect(pending()).toMatchObject({ reports: '1', suggestions: '1' });
    expect(screen.getByTestId('stat-businesses').dataset).toMatchObject({ total: '2', verified: '0' });
    // the server's stale rollup does not undo it; the worker's fresh one is taken
    server.refreshRollup();
    await waitFor(() => expect(routeFake(host.api, 'statistics').mock.calls.length).toBeGreaterThan(2), { timeout: 4000 });
    expect(pending()).toMatchObject({ reports: '1', suggestions: '1' });

    view.unmount();
    renderWithHost(<AdminPanel />, fakeHost({ api: server.api }));
    await waitFor(() => expect(tabNames()).toEqual(tabsCounting(1, 1, 1)));
    expect(pending()).toMatchObject({ reports: '1', suggestions: '1' });
  });

  it('keeps stale statistics out until the worker refreshed them', async () => {
    const server = seeded();
    const host = fakeHost({ api: server.api });
    renderWithHost(<AdminPanel />, host);
    const cards = await screen.findAllByTestId('report-card');
    await userEvent.click(within(cards[2]).getByRole('button', { name: 'Reject' }));
    expect(host.toast.success).toHaveBeenCalledWith('Report rejected');
    expect(pending().reports).toBe('2');
    // stale answers arrive (computed before the change): still 2
    await waitFor(() => expect(routeFake(host.api, 'statistics').mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 3000 });
    expect(pending().reports).toBe('2');
    // meanwhile another admin's change lands, and the worker recomputes: the fresh numbers win
    server.state.suggestions.push(suggestion(3, { business_id: 9 }));
    server.refreshRollup();
    await waitFor(() => expect(pending().suggestions).toBe('3'), { timeout: 8000 });
    expect(pending().reports).toBe('2');
  });

  it("a removed business's suggestions stay gone while the cascade job is still running", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = seeded();
    // the real API hides reports at once but lists the business's suggestions until the worker deletes them
    const hiding = fakeApi({
      ...server.routes,
      pendingSuggestions: async () => pageOf([suggestion(1), suggestion(2, { business_id: 9 })]),
      reviewReport: async ({ id }) => {
        const businessId = server.state.reports.find((r) => r.id === id)?.business_id;
        server.state.reports = server.state.reports.filter((r) => r.business_id !== businessId);
        return { message: 'ok' };
      },
    });
    const host = fakeHost({ api: hiding });
    renderWithHost(<AdminPanel />, host);
    const [first] = await screen.findAllByTestId('report-card');
    await userEvent.click(within(first).getByRole('button', { name: 'Approve & Remove Business' }));
    await waitFor(() => expect(routeFake(hiding, 'pendingSuggestions').mock.calls.length).toBe(2));
    await waitFor(() => expect(tabNames()[1]).toBe('Suggestions (1)'));
  });

  it('shows a decision before the server answers, and puts the panel back with a toast when it refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = seeded();
    const { statistics, pendingReports, pendingSuggestions, reportedBusinesses } = server.routes;
    let refuse!: (error: unknown) => void;
    // after the decision, the server is slow to answer the re-reads: what shows is the panel put back
    let slow = false;
    const read =
      <Args,>(answer: (args: Args) => unknown) =>
      (args: Args) =>
        slow ? new Promise(() => {}) : answer(args);
    const api = fakeApi({
      statistics: read(statistics!),
      pendingReports: read(pendingReports!),
      pendingSuggestions: read(pendingSuggestions!),
      reportedBusinesses: read(reportedBusinesses!),
      reviewReport: () =>
        new Promise((_, reject) => {
          refuse = reject;
        }),
    });
    const host = fakeHost({ api });
    renderWithHost(<AdminPanel />, host);
    const [first] = await screen.findAllByTestId('report-card');
    await userEvent.click(within(first).getByRole('button', { name: 'Approve & Remove Business' }));

    // the server has not answered: the business, its reports and its suggestion are already gone
    await waitFor(() => expect(tabNames()).toEqual(tabsCounting(1, 1, 1)));
    expect(screen.getAllByTestId('report-card').map((card) => card.dataset.reportId)).toEqual(['3']);
    expect(pending()).toMatchObject({ reports: '1', suggestions: '1' });
    expect(screen.getByTestId('stat-businesses').dataset).toMatchObject({ total: '2', verified: '0' });
    expect(host.toast.success).not.toHaveBeenCalled();

    slow = true;
    await act(async () => refuse(new ApiError(409, 'Report has already been reviewed')));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Report has already been reviewed'));
    await waitFor(() => expect(tabNames()).toEqual(tabsCounting(3, 2, 2)));
    expect(screen.getAllByTestId('report-card').map((card) => card.dataset.reportId)).toEqual(['1', '2', '3']);
    expect(pending()).toMatchObject({ reports: '3', suggestions: '2' });
    expect(screen.getByTestId('stat-businesses').dataset).toMatchObject({ total: '3', verified: '1' });
    expect(host.toast.success).not.toHaveBeenCalled();
    // and everything is read again (someone else may have decided first)
    expect(routeFake(api, 'pendingReports')).toHaveBeenCalledTimes(2);
    expect(routeFake(api, 'statistics')).toHaveBeenCalledTimes(2);
  });

  it('re-reads the lists only once the last decision in flight has settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const server = seeded();
    const reviewSuggestion = server.routes.reviewSuggestion!;
    let answerFirst!: () => void;
    const api = fakeApi({
      ...server.routes,
      reviewSuggestion: (args) =>
        args.id === 1
          ? new Promise((resolve) => {
              answerFirst = () => resolve(reviewSuggestion(args));
            })
          : reviewSuggestion(args),
    });
    const host = fakeHost({ api });
    renderWithHost(<AdminPanel />, host);
    await userEvent.click(await screen.findByRole('tab', { name: 'Suggestions (2)' }));
    const [phone, description] = screen.getAllByTestId('suggestion-card');
    await userEvent.click(within(phone).getByRole('button', { name: 'Reject' }));
    await userEvent.click(within(description).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledTimes(1));
    // the second is done, the first is not: a list read now would bring its card back
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(routeFake(api, 'pendingSuggestions')).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('no-suggestions')).toBeTruthy();

    await act(async () => answerFirst());
    await waitFor(() => expect(routeFake(api, 'pendingSuggestions')).toHaveBeenCalledTimes(2));
    expect(host.toast.success).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('no-suggestions')).toBeTruthy();
    expect(tabNames()[1]).toBe('Suggestions (0)');
  });

  it('keeps one cache per page load: back on /admin, the panel shows at once, and removed businesses stay gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = seeded();
    // the real API lists a removed business's suggestions until the worker's cascade deletes them
    const api = fakeApi({
      ...server.routes,
      pendingSuggestions: async () => pageOf([suggestion(1), suggestion(2, { business_id: 9 })]),
    });
    const host = fakeHost({ api });
    const first = renderWithHost(<AdminPanel />, host);
    const [card] = await screen.findAllByTestId('report-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve & Remove Business' }));
    await waitFor(() => expect(routeFake(api, 'pendingSuggestions')).toHaveBeenCalledTimes(2));
    first.unmount();

    renderWithHost(<AdminPanel />, host, first.queryClient);
    expect(tabNames()).toEqual(tabsCounting(1, 1, 1));
    expect(screen.queryByText('Loading...')).toBeNull();
    await waitFor(() => expect(routeFake(api, 'pendingSuggestions')).toHaveBeenCalledTimes(3));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(tabNames()).toEqual(tabsCounting(1, 1, 1));
  });

  it('rejects and approves suggestions with their toasts', async () => {
    const server = seeded();
    const host = fakeHost({ api: server.api });
    renderWithHost(<AdminPanel />, host);
    await userEvent.click(await screen.findByRole('tab', { name: 'Suggestions (2)' }));
    const [phone, description] = screen.getAllByTestId('suggestion-card');
    await userEvent.click(within(phone).getByRole('button', { name: 'Reject' }));
    expect(host.toast.success).toHaveBeenCalledWith('Suggestion rejected');
    expect(screen.getAllByTestId('suggestion-card')).toHaveLength(1);
    await userEvent.click(within(description).getByRole('button', { name: 'Approve & Update' }));
    expect(host.toast.success).toHaveBeenCalledWith('Suggestion approved and business updated');
    expect(routeFake(host.api, 'reviewSuggestion').mock.calls).toEqual([
      [{ id: 1, query: { action: 'reject' } }],
      [{ id: 2, query: { action: 'approve' } }],
    ]);
    expect(screen.getByTestId('no-suggestions')).toBeTruthy();
    expect(tabNames()[1]).toBe('Suggestions (0)');
    expect(pending().suggestions).toBe('0');
  });

  it('deletes a reported business after the confirmation, with its reports', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = seeded();
    const host = fakeHost({ api: server.api });
    renderWithHost(<AdminPanel />, host);
    await userEvent.click(await screen.findByRole('tab', { name: 'Businesses (2)' }));
    const jaffa = screen.getAllByTestId('reported-business-card').find((card) => card.dataset.businessId === '8')!;
    await userEvent.click(within(jaffa).getByRole('button', { name: 'Delete Business' }));
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete "Jaffa Books"? This action cannot be undone.');
    expect(host.toast.success).toHaveBeenCalledWith('Business "Jaffa Books" deleted successfully');
    expect(tabNames()).toEqual(tabsCounting(2, 2, 1));
    expect(screen.getByTestId('stat-businesses').dataset.total).toBe('2');
  });

  it.each([
    ['report', 'Approve & Remove Business', 'reviewReport', 'Failed to process report', 'Reports (1)'],
    ['suggestion', 'Approve & Update', 'reviewSuggestion', 'Failed to process suggestion', 'Suggestions (1)'],
    ['business', 'Delete Business', 'deleteBusiness', 'Failed to delete business', 'Businesses (1)'],
  ])('a failed %s decision toasts the server detail, else SPEC §8 fallback, and keeps the card', async (_what, button, call, fallback, tab) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let attempts = 0;
    const host = fakeHost({
      api: fakeApi({
        statistics: async () => ({
          users: { total: 1, admins: 1, regular: 0, recent_registrations: 0 },
          businesses: { total: 1, verified: 0, unverified: 1 },
          pending: { reports: 1, suggestions: 1 },
        }),
        pendingReports: async () => pageOf([report(1)]),
        pendingSuggestions: async () => pageOf([suggestion(1)]),
        reportedBusinesses: async () => pageOf([business(7, { report_count: 1, latest_reports: [report(1)] })]),
        [call]: async () => {
          attempts += 1;
          throw attempts === 1 ? new ApiError(500, null) : new ApiError(409, 'Report has already been reviewed');
        },
      }),
    });
    renderWithHost(<AdminPanel />, host);
    await userEvent.click(await screen.findByRole('tab', { name: tab }));
    await userEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith(fallback));
    await userEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(host.toast.error).toHaveBeenLastCalledWith('Report has already been reviewed'));
    expect(host.toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
  });

  it('toasts each load failure with its own fallback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = async () => Promise.reject(new ApiError(500, null));
    const host = fakeHost({
      api: fakeApi({ statistics: failing, pendingReports: failing, pendingSuggestions: failing, reportedBusinesses: failing }),
    });
    renderWithHost(<AdminPanel />, host);
    // the lists toast at once; the statistics try a server error once more (after 1 s) first
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledTimes(4), { timeout: 3000 });
    expect(
      vi
        .mocked(host.toast.error)
        .mock.calls.map(([message]) => message)
        .sort(),
    ).toEqual([
      'Failed to load pending reports',
      'Failed to load pending suggestions',
      'Failed to load reported businesses',
      'Failed to load statistics',
    ]);
    expect(screen.getByTestId('admin-stats').dataset.loaded).toBe('false');
  });

  it('shows the three empty states and the Admin Instructions', async () => {
    renderWithHost(<AdminPanel />, fakeHost({ api: fakeAdminServer({}).api }));
    expect((await screen.findByTestId('no-reports')).textContent).toContain('No Pending Reports');
    await userEvent.click(screen.getByRole('tab', { name: 'Suggestions (0)' }));
    expect(screen.getByTestId('no-suggestions').textContent).toContain('No Pending Suggestions');
    await userEvent.click(screen.getByRole('tab', { name: 'Businesses (0)' }));
    expect(screen.getByTestId('no-businesses').textContent).toContain('No Reported Businesses');
    const instructions = screen.getByRole('heading', { name: 'Admin Instructions' }).parentElement!;
    for (const words of [
      'remove the business and delete all of its related reports',
      'keep the business listed and mark the report as reviewed',
      'Check the business details before deciding',
      "Consider the reporter's credibility",
      'When in doubt, prioritise community safety',
    ]) {
      expect(instructions.textContent).toContain(words);
    }
  });

  it("shows this build's version (package.json, injected at build time)", async () => {
    renderWithHost(<AdminPanel />, fakeHost({ api: fakeAdminServer({}).api }));
    const footer = await screen.findByTestId('admin-version');
    expect(ADMIN_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(footer.textContent).toBe(`Admin panel v${ADMIN_VERSION}${ADMIN_BUILD_LABEL ? ` (${ADMIN_BUILD_LABEL})` : ''}`);
    expect(footer.dataset.version).toBe(ADMIN_VERSION);
  });

  it('links back to the directory', async () => {
    renderWithHost(<AdminPanel />, fakeHost({ api: fakeAdminServer({}).api }));
    await act(async () => {});
    expect(screen.getByRole('link', { name: '← Back to Directory' }).getAttribute('href')).toBe('/dashboard');
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every word the English catalog puts on screen: its messages' literal parts. */
const englishPhrases = (Object.values(JSON.parse(englishSource)) as string[])
  .flatMap(literalTexts)
  .map((phrase) => phrase.trim())
  .filter((phrase) => /[A-Za-z]{2}/.test(phrase));

/** The page's own words: text outside business data (dir="auto") and the contract's report reasons. */
function uiTexts(): string[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('[dir="auto"]') && node.textContent?.trim()) texts.push(node.textContent);
  }
  return texts;
}

describe('admin panel in other languages', () => {
  // As the remote's root does before the shell renders it: the contract's words (reasons, toasts) are in too.
  beforeAll(() => preloadContractMessages('ar'));

  it('in Arabic, names the tabs with Arabic plurals and the statistics in Arabic, and shows no English word of its own', async () => {
    // The Arabic catalog is a lazy chunk: the panel shows its words once it is in.
    await act(async () => void renderWithHost(<AdminPanel />, fakeHost({ api: seeded().api, inLanguage: 'ar' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة الإدارة' })).toBeTruthy();
    await screen.findAllByTestId('report-card');
    await waitFor(() => expect(screen.getByTestId('admin-stats').dataset.loaded).toBe('true'));
    expect(tabNames()).toEqual([
      '3 بلاغات',
      'اقتراحان',
      'عملان تجاريان',
      'لا عمليات إعادة تحقق',
      'لا روابط معطّلة',
      'لا تكرارات محتملة',
      'لا مطالبات بالملكية',
      'نشاط غير اعتيادي (0)',
      'لا صور',
      'إرسالات الشركاء (0)',
      'الشركاء (0)',
      'العلامات التجارية',
    ]);
    const stats = within(screen.getByRole('region', { name: 'الإحصاءات' }));
    expect(stats.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'إجمالي المستخدمين المسجَّلين',
      'إجمالي الأعمال التجارية',
      'المراجعات المعلّقة',
    ]);
    expect(screen.getByTestId('stat-pending').textContent).toContain('3 بلاغات، واقتراحان');

    // The panel's own words, and the contract's messages and labels (reasons, methods) it shows.
    const phrases = [...englishPhrases, ...Object.values(MESSAGES), ...Object.values(contractLabelEntries())];
    const english = phrases.map((phrase) => new RegExp(`(?<![A-Za-z])${escape(phrase)}(?![A-Za-z])`));
    expect(english.length).toBeGreaterThan(50);
    const leftovers = uiTexts().filter((text) => english.some((phrase) => phrase.test(text)));
    expect(leftovers).toEqual([]);
  });

  it.each([
    ['its code in Arabic', { code: 'reportAlreadyReviewed' }, 'تمت مراجعة البلاغ مسبقًا'],
    ["the server's detail for a code the panel does not know", { code: 'someFutureCode' }, MESSAGES.reportAlreadyReviewed],
  ])('in Arabic, a decision asks in Arabic, and a refusal toasts %s', async (_case, codes, shown) => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = seeded();
    routeFake(server.api, 'reviewReport').mockRejectedValueOnce(new ApiError(409, MESSAGES.reportAlreadyReviewed, undefined, undefined, codes));
    const host = fakeHost({ api: server.api, inLanguage: 'ar' });
    renderWithHost(<AdminPanel />, host);
    const [first] = await screen.findAllByTestId('report-card');
    await userEvent.click(within(first).getByRole('button', { name: arabicCatalog['report.approveRemove'] }));
    expect(confirm.mock.calls[0]![0]).toMatch(/^هل تريد الموافقة على هذا البلاغ وإزالة «.+»؟ لا يمكن التراجع عن هذا الإجراء\.$/);
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith(shown));
  });

  it('in Arabic, a business without a name is asked about by its id in Arabic, and a suggested source and hours read in Arabic', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const source = { kind: 'In-store sign', date: '2025-06-01', description: 'Sign in the window' };
    const server = fakeAdminServer({
      businesses: [business(7), business(8)],
      reports: [report(1, { business_id: 8, business_name: '' })],
      suggestions: [
        suggestion(1, { business_id: 7, field_name: 'proof_of_support', suggested_value: JSON.stringify(source), current_value: '' }),
        suggestion(2, { business_id: 7, field_name: 'business_hours', suggested_value: '{"monday":"9-5"}', current_value: '' }),
      ],
    });
    renderWithHost(<AdminPanel />, fakeHost({ api: server.api, inLanguage: 'ar' }));
    const [card] = await screen.findAllByTestId('report-card');
    await userEvent.click(within(card).getByRole('button', { name: arabicCatalog['report.approveRemove'] }));
    expect(confirm.mock.calls[0]![0]).toContain('«النشاط التجاري 8»');

    await userEvent.click(screen.getAllByRole('tab')[1]);
    const suggested = (await screen.findAllByTestId('suggested-value')).map((value) => value.textContent);
    expect(suggested).toEqual(['لافتة في المتجر، 2025-06-01: Sign in the window', 'الاثنين: 9-5']);
  });

  it.each([
    ['ar', 'ArrowLeft', 'ArrowRight'],
    ['en', 'ArrowRight', 'ArrowLeft'],
  ] as const)('in %s, %s moves to the next tab and %s to the previous (the reading direction)', async (inLanguage, next, previous) => {
    renderWithHost(<AdminPanel />, fakeHost({ api: seeded().api, inLanguage }));
    await screen.findAllByTestId('report-card');
    const tabs = screen.getAllByRole('tab');
    tabs[0].focus();
    await userEvent.keyboard(`{${next}}`);
    expect(tabs[1].getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    await userEvent.keyboard(`{${previous}}{${previous}}`);
    expect(document.activeElement).toBe(tabs[tabs.length - 1]);
  });

  it('opens the tab the URL names; choosing a tab puts it in the URL, and Back returns to the one before', async () => {
    const server = seeded();
    renderWithProbe(server.api, '/admin?tab=suggestions');
    expect(screen.getByRole('tab', { name: /^Suggestions/ }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('suggestion-card')).toHaveLength(2));
    await userEvent.click(screen.getByRole('tab', { name: /^Businesses/ }));
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=businesses');
    expect(screen.getAllByTestId('reported-business-card')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'history back' }));
    expect(screen.getByRole('tab', { name: /^Suggestions/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=suggestions');
  });

  it("keeps the queue's search and filter in the URL, and a tab opened afterwards starts without them", async () => {
    renderWithProbe(seeded().api, '/admin?tab=reports&q=jaffa&reason=Other');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by business name' }).value).toBe('jaffa');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Reason' }).value).toBe('Other');
    await screen.findByTestId('no-reports');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'Spam or duplicate');
    await waitFor(() => expect(screen.getAllByTestId('report-card').map((card) => card.dataset.reportId)).toEqual(['3']));
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=reports&q=jaffa&reason=Spam+or+duplicate');
    await userEvent.click(screen.getByRole('tab', { name: /^Suggestions/ }));
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=suggestions');
  });

  // Each queue tab, its route, its cards and the business a card is about; 'Jaffa' names the second business in each.
  const searchedTabs: { tab: string; route: Parameters<typeof routeFake>[1]; card: string; seed: Parameters<typeof fakeAdminServer>[0] }[] = [
    {
      tab: 'businesses',
      route: 'reportedBusinesses',
      card: 'reported-business-card',
      seed: { reports: [report(1), report(2, { business_id: 8, business_name: 'Jaffa Books' })] },
    },
    {
      tab: 'rechecks',
      route: 'rechecks',
      card: 'recheck-card',
      seed: { rechecks: [recheck(7), recheck(8, { business: { ...recheck(8).business, name: 'Jaffa Books' } })] },
    },
    {
      tab: 'links',
      route: 'brokenLinks',
      card: 'broken-link-card',
      seed: {
        brokenLinks: [brokenLink(1, { business: { id: 7, name: 'Olive Tree Cafe' } }), brokenLink(2, { business: { id: 8, name: 'Jaffa Books' } })],
      },
    },
    {
      tab: 'duplicates',
      route: 'duplicatePairs',
      card: 'duplicate-pair',
      seed: {
        duplicates: [
          duplicatePair(1, { first: { ...duplicatePair(1).first, id: 7 } }),
          duplicatePair(2, { first: { ...duplicatePair(2).first, id: 8, name: 'Jaffa Books' } }),
        ],
      },
    },
    {
      tab: 'claims',
      route: 'pendingClaims',
      card: 'claim-card',
      seed: { claims: [claim(1), claim(2, { business: { id: 8, name: 'Jaffa Books', website: '' } })] },
    },
    {
      tab: 'unusual',
      route: 'pausedBusinesses',
      card: 'paused-card',
      seed: { paused: [pausedBusiness(7), pausedBusiness(8, { business: { id: 8, name: 'Jaffa Books', city: 'York' } })] },
    },
    {
      tab: 'submissions',
      route: 'pendingSubmissions',
      card: 'submission-card',
      seed: {
        submissions: [
          partnerSubmission(7, { business: { ...partnerSubmission(7).business, name: 'Olive Tree Cafe' } }),
          partnerSubmission(8, { business: { ...partnerSubmission(8).business, name: 'Jaffa Books' } }),
        ],
      },
    },
  ];
  // A submission's business is not listed yet: its card stands for it.
  const businessOf = (card: HTMLElement) => card.dataset.businessId ?? card.dataset.firstId ?? card.dataset.submissionId;

  it.each(searchedTabs)(
    'the $tab tab searches by business name through the API, and keeps the search in the URL',
    async ({ tab, route, card, seed }) => {
      const server = fakeAdminServer(seed);
      const list = routeFake(server.api, route);
      renderWithProbe(server.api, `/admin?tab=${tab}`);
      const panel = screen.getByRole('tabpanel');
      await waitFor(() => expect(within(panel).getAllByTestId(card).map(businessOf)).toEqual(['7', '8']));
      await userEvent.type(within(panel).getByRole('searchbox', { name: 'Search by business name' }), 'jaffa{Enter}');
      await waitFor(() => expect(within(panel).getAllByTestId(card).map(businessOf)).toEqual(['8']));
      expect(list).toHaveBeenLastCalledWith({ query: { limit: 20, cursor: undefined, search: 'jaffa' } });
      expect(screen.getByTestId('location').textContent).toBe(`/admin?tab=${tab}&q=jaffa`);
    },
  );

  it.each(searchedTabs)('the $tab tab opened by a URL with a search reads only what matches', async ({ tab, route, card, seed }) => {
    const server = fakeAdminServer(seed);
    const list = routeFake(server.api, route);
    renderWithHost(<AdminPanel />, fakeHost({ api: server.api }), undefined, `/admin?tab=${tab}&q=Jaffa`);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole<HTMLInputElement>('searchbox', { name: 'Search by business name' }).value).toBe('Jaffa');
    await waitFor(() => expect(within(panel).getAllByTestId(card).map(businessOf)).toEqual(['8']));
    expect(list).toHaveBeenCalledWith({ query: { limit: 20, cursor: undefined, search: 'Jaffa' } });
  });

  it.each([
    {
      tab: 'businesses',
      route: 'reportedBusinesses' as const,
      card: 'reported-business-card',
      option: 'Spam or duplicate',
      reason: 'Spam or duplicate',
      seed: { reports: [report(1), report(2, { business_id: 8, business_name: 'Jaffa Books', reason: 'Spam or duplicate' })] },
    },
    {
      tab: 'rechecks',
      route: 'rechecks' as const,
      card: 'recheck-card',
      option: 'Verification due',
      reason: 'due',
      seed: { rechecks: [recheck(7), recheck(8, { reason: 'due' })] },
    },
  ])('the $tab tab filters by reason through the API, and keeps the reason in the URL', async ({ tab, route, card, option, reason, seed }) => {
    const server = fakeAdminServer(seed);
    const list = routeFake(server.api, route);
    renderWithProbe(server.api, `/admin?tab=${tab}`);
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(within(panel).getAllByTestId(card).map(businessOf)).toEqual(['7', '8']));
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Reason' }), option);
    await waitFor(() => expect(within(panel).getAllByTestId(card).map(businessOf)).toEqual(['8']));
    expect(list).toHaveBeenLastCalledWith({ query: { limit: 20, cursor: undefined, reason } });
    expect(screen.getByTestId('location').textContent).toBe(`/admin?tab=${tab}&reason=${encodeURIComponent(reason).replaceAll('%20', '+')}`);
  });

  it('an unknown tab in the URL opens Reports', async () => {
    renderWithHost(<AdminPanel />, fakeHost({ api: seeded().api }), undefined, '/admin?tab=nope');
    expect(screen.getByRole('tab', { name: /^Reports/ }).getAttribute('aria-selected')).toBe('true');
    await screen.findAllByTestId('report-card');
  });

  it("each tab loads on its own: a slow queue keeps only its tab on 'Loading...', a failed one says so in its tab alone", async () => {
    const server = seeded();
    const api = fakeApi({
      ...server.routes,
      pendingReports: () => new Promise(() => {}),
      reportedBusinesses: async () => Promise.reject(new ApiError(503, null)),
    });
    renderWithHost(<AdminPanel />, fakeHost({ api }));
    expect(within(screen.getByRole('tabpanel')).getByText('Loading...')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /^Suggestions/ }));
    await waitFor(() => expect(screen.getAllByTestId('suggestion-card')).toHaveLength(2));
    await userEvent.click(screen.getByRole('tab', { name: /^Businesses/ }));
    const failed = await within(screen.getByRole('tabpanel')).findByRole('alert');
    expect(failed.textContent).toContain(MESSAGES.loadReportedBusinessesFailed);
    expect(screen.queryByTestId('no-businesses')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /^Reports/ }));
    expect(within(screen.getByRole('tabpanel')).getByText('Loading...')).toBeTruthy();
  });
});

/** The panel at `path`, beside where its router is and the browser's Back. */
function renderWithProbe(api: ReturnType<typeof fakeAdminServer>['api'], path: string) {
  return renderWithHost(
    <>
      <AdminPanel />
      <LocationProbe />
    </>,
    fakeHost({ api }),
    undefined,
    path,
  );
}

/** Where the panel's router is, and the browser's Back. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        history back
      </button>
    </>
  );
}
