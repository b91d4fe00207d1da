import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminServer, pausedBusiness, report } from '../../test/fixtures';
import { fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';
import { ReportCard } from './ReportCard';

async function openUnusualActivity(paused: ReturnType<typeof pausedBusiness>[]) {
  const server = fakeAdminServer({ paused });
  const host = fakeHost({ api: server.api });
  renderWithHost(<AdminPanel />, host);
  await userEvent.click(await screen.findByRole('tab', { name: `Unusual activity (${paused.length})` }, { timeout: 5000 }));
  await screen.findByTestId('unusual-activity');
  return { server, host };
}

describe("'Unusual activity' tab", () => {
  it("lists each paused business with the burst's accounts, their ages and what they did", async () => {
    await openUnusualActivity([pausedBusiness(7)]);
    const card = screen.getByTestId('paused-card');
    expect(within(card).getByRole('link', { name: 'Steady Bakery 7' }).getAttribute('href')).toBe('/business/7');
    expect(within(card).getByTestId('set-aside-votes').textContent).toBe('Votes set aside: 3');
    expect(
      within(card)
        .getAllByTestId('burst-account')
        .map((row) => row.textContent),
    ).toEqual(['fresh1 · account age in days: 0: Voted it down', 'fresh2 · account age in days: 2: Reported it: Does not support Palestine']);
  });

  it('says when the window held more than the list reads, and only then', async () => {
    await openUnusualActivity([pausedBusiness(7, { more_actions: true }), pausedBusiness(8)]);
    const [busy, quiet] = screen.getAllByTestId('paused-card');
    expect(within(busy).getByTestId('more-actions').textContent).toBe(
      'Only the first 100 votes, reports and answers since the window began are listed.',
    );
    expect(within(quiet).queryByTestId('more-actions')).toBeNull();
  });

  it("'Keep the votes' and 'Discard the votes' decide the votes; 'Lift protection' takes the business out of the list", async () => {
    const { server, host } = await openUnusualActivity([pausedBusiness(7), pausedBusiness(8)]);
    const [first, second] = screen.getAllByTestId('paused-card');
    await userEvent.click(within(first).getByRole('button', { name: 'Keep the votes' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('The votes count again'));
    await userEvent.click(within(second).getByRole('button', { name: 'Discard the votes' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('The votes were removed'));
    await userEvent.click(within(screen.getAllByTestId('paused-card')[0]).getByRole('button', { name: 'Lift protection' }));
    await waitFor(() => expect(screen.getAllByTestId('paused-card').map((card) => card.dataset.businessId)).toEqual(['8']));
    expect(screen.getByRole('tab', { name: 'Unusual activity (1)' })).toBeTruthy();
    expect(server.state.protectionDecisions).toEqual(['keep #7', 'discard #8', 'lift #7']);
  });

  it('says when there is none', async () => {
    await openUnusualActivity([]);
    expect(screen.getByTestId('unusual-activity').textContent).toContain('No unusual activity');
  });
});

describe('a report of a burst', () => {
  it('is marked on its card in the Reports tab, and stays pending (its decisions are the usual ones)', () => {
    renderWithHost(
      <ul>
        <ReportCard report={report(1, { part_of_burst: true })} onReview={vi.fn()} />
        <ReportCard report={report(2, { part_of_burst: false })} onReview={vi.fn()} />
      </ul>,
    );
    const [burst, other] = screen.getAllByTestId('report-card');
    expect(within(burst).getByTestId('burst-badge').textContent).toBe('Part of unusual activity');
    expect(within(burst).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(other).queryByTestId('burst-badge')).toBeNull();
  });
});
