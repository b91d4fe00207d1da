import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeAdminServer, report } from '../../test/fixtures';
import { fakeApi, fakeHost, renderWithHost, routeFake } from '../../test/harness';
import { ReportsTab } from './ReportsTab';

const cardIds = () => screen.queryAllByTestId('report-card').map((card) => card.dataset.reportId);

describe('Reports tab', () => {
  it("shows 'No Pending Reports' when the queue is empty", async () => {
    renderWithHost(<ReportsTab />, fakeHost({ api: fakeAdminServer({}).api }));
    expect((await screen.findByTestId('no-reports')).textContent).toContain('No Pending Reports');
    expect(screen.queryByTestId('report-card')).toBeNull();
  });

  it("says its own load failed, never 'No Pending Reports', and 'Try again' reads the queue again", async () => {
    const server = fakeAdminServer({ reports: [report(1)] });
    let fail = true;
    const api = fakeApi({
      ...server.routes,
      pendingReports: async (request) => {
        if (fail) throw new ApiError(503, 'Service temporarily unavailable');
        return server.routes.pendingReports!(request);
      },
    });
    renderWithHost(<ReportsTab />, fakeHost({ api }));
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Service temporarily unavailable');
    expect(screen.queryByTestId('no-reports')).toBeNull();
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardIds()).toEqual(['1']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches by business name and filters by reason through the API', async () => {
    const server = fakeAdminServer({
      reports: [
        report(1, { business_name: 'Olive Tree Cafe', reason: 'Other' }),
        report(2, { business_id: 8, business_name: 'Jaffa Books', reason: 'Spam or duplicate' }),
        report(3, { business_id: 9, business_name: 'Jaffa Bakery', reason: 'Other' }),
      ],
    });
    const pendingReports = routeFake(server.api, 'pendingReports');
    renderWithHost(<ReportsTab />, fakeHost({ api: server.api }));
    await waitFor(() => expect(cardIds()).toEqual(['1', '2', '3']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by business name' }), 'jaffa{Enter}');
    await waitFor(() => expect(cardIds()).toEqual(['2', '3']));
    expect(pendingReports).toHaveBeenLastCalledWith({ query: { limit: 20, cursor: undefined, search: 'jaffa' } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'Other');
    await waitFor(() => expect(cardIds()).toEqual(['3']));
    expect(pendingReports).toHaveBeenLastCalledWith({ query: { limit: 20, cursor: undefined, search: 'jaffa', reason: 'Other' } });
  });

  it('after a decision, focus moves to the next card, and to the tab heading when none is left', async () => {
    const server = fakeAdminServer({
      reports: [report(1), report(2, { business_id: 8, business_name: 'Jaffa Books' })],
    });
    renderWithHost(<ReportsTab />, fakeHost({ api: server.api }));
    await waitFor(() => expect(cardIds()).toEqual(['1', '2']));
    await userEvent.click(within(screen.getAllByTestId('report-card')[0]).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(cardIds()).toEqual(['2']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('report-card')));
    await userEvent.click(within(screen.getByTestId('report-card')).getByRole('button', { name: 'Reject' }));
    await screen.findByTestId('no-reports');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Pending reports' })));
  });
});
