import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Business, type Report, type Suggestion } from '@zaytoon/client';
import { fakeApi, fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

const statistics = {
  users: { total: 12, admins: 2, regular: 10, recent_registrations: 3 },
  businesses: { total: 40, verified: 25, unverified: 15 },
  pending: { reports: 4, suggestions: 5 },
};

const report = (id: number, extra: Partial<Report> = {}): Report => ({
  id,
  business_id: 7,
  reason: 'Does not support Palestine',
  description: `details ${id}`,
  reported_by: 3,
  reporter_username: 'layla',
  created_at: '2024-03-05T10:00:00Z',
  ...extra,
});

const suggestion = (id: number, extra: Partial<Suggestion> = {}): Suggestion => ({
  id,
  business_id: 7,
  business_name: 'Olive Tree Cafe',
  field_name: 'phone',
  suggested_value: '0113 111 1111',
  current_value: '',
  reason: 'new number',
  suggestion_type: 'add_missing',
  suggester_username: 'sami',
  created_at: '2024-03-05T10:00:00Z',
  ...extra,
});

const reported = {
  id: 7,
  name: 'Olive Tree Cafe',
  address: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 1AA',
  category: 'Cafe',
  report_count: 5,
  latest_reports: [report(1), report(2), report(3)],
} as unknown as Business;

function api(overrides = {}) {
  return fakeApi({
    adminStatistics: async () => statistics,
    pendingReports: async () => [report(1), report(2, { reporter_username: null })],
    pendingSuggestions: async () => [suggestion(1), suggestion(2, { suggestion_type: 'edit_existing', business_name: null })],
    reportedBusinesses: async () => [reported],
    ...overrides,
  });
}

describe('admin panel (SPEC §2)', () => {
  it('shows the statistics row', async () => {
    renderWithHost(<AdminPanel />, fakeHost({ api: api() }));
    await waitFor(() => expect(screen.getByTestId('stat-users').textContent).toContain('12'));
    expect(screen.getByTestId('stat-users').textContent).toContain('2 admins, 10 regular');
    expect(screen.getByTestId('stat-users').textContent).toContain('+3 in last 7 days');
    expect(screen.getByTestId('stat-businesses').textContent).toContain('25 verified, 15 unverified');
    expect(screen.getByTestId('stat-pending').textContent).toContain('9');
    expect(screen.getByTestId('stat-pending').textContent).toContain('4 reports, 5 suggestions');
  });

  it('has tabs with counts, keyboard navigable', async () => {
    renderWithHost(<AdminPanel />, fakeHost({ api: api() }));
    await screen.findAllByTestId('report-card');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Reports (2)', 'Suggestions (2)', 'Businesses (1)']);
    screen.getByRole('tab', { name: 'Reports (2)' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Suggestions (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('suggestion-card')).toHaveLength(2);
  });

  it('report cards: reason, Business ID, View Business in a new tab, reporter, approve', async () => {
    const host = fakeHost({ api: api({ reviewReport: async () => ({}) }) });
    renderWithHost(<AdminPanel />, host);
    const [card, second] = await screen.findAllByTestId('report-card');
    expect(card.textContent).toContain('Does not support Palestine');
    expect(card.textContent).toContain('05/03/2024');
    expect(card.textContent).toContain('Business ID: 7');
    const view = within(card).getByRole('link', { name: 'View Business' });
    expect(view.getAttribute('href')).toBe('/business/7');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(card.textContent).toContain('Reported by: layla (ID: 3)');
    expect(second.textContent).toContain('Reported by: Unknown');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve & Remove Business' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Report approved and business removed'));
    expect(host.api.reviewReport).toHaveBeenCalledWith(1, 'approve');
    await userEvent.click(within(screen.getAllByTestId('report-card')[1]).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Report rejected'));
  });

  it("suggestion cards: type badge, 'Unknown Business', approve and its failure toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({ api: api({ reviewSuggestion: async () => Promise.reject(new ApiError(500, null)) }) });
    renderWithHost(<AdminPanel />, host);
    await userEvent.click(await screen.findByRole('tab', { name: 'Suggestions (2)' }));
    const [first, second] = screen.getAllByTestId('suggestion-card');
    expect(first.textContent).toContain('Phone');
    expect(first.textContent).toContain('Add Missing');
    expect(first.textContent).toContain('Olive Tree Cafe');
    expect(first.textContent).toContain('0113 111 1111');
    expect(first.textContent).toContain('Suggested by: sami');
    expect(second.textContent).toContain('Edit Existing');
    expect(second.textContent).toContain('Unknown Business');
    await userEvent.click(within(first).getByRole('button', { name: 'Approve & Update' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Failed to process suggestion'));
  });

  it('reported businesses: latest 3 reports, "And N more", delete after confirming', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const host = fakeHost({ api: api({ adminDeleteBusiness: async () => ({}) }) });
    renderWithHost(<AdminPanel />, host);
    await userEvent.click(await screen.findByRole('tab', { name: 'Businesses (1)' }));
    const card = screen.getByTestId('reported-business-card');
    expect(card.textContent).toContain('5 reports');
    expect(card.textContent).toContain('And 2 more reports...');
    expect(within(card).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/business/7');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Business' }));
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete "Olive Tree Cafe"? This action cannot be undone.');
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Business "Olive Tree Cafe" deleted successfully'));
  });

  it('shows the empty states', async () => {
    renderWithHost(
      <AdminPanel />,
      fakeHost({ api: api({ pendingReports: async () => [], pendingSuggestions: async () => [], reportedBusinesses: async () => [] }) }),
    );
    expect(await screen.findByText('No Pending Reports')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Suggestions (0)' }));
    expect(screen.getByText('No Pending Suggestions')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Businesses (0)' }));
    expect(screen.getByText('No Reported Businesses')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Instructions' })).toBeTruthy();
  });

  it('toasts each load failure with its own fallback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = async () => Promise.reject(new ApiError(500, null));
    const host = fakeHost({
      api: fakeApi({
        adminStatistics: failing,
        pendingReports: failing,
        pendingSuggestions: failing,
        reportedBusinesses: failing,
      }),
    });
    renderWithHost(<AdminPanel />, host);
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledTimes(4));
    expect(vi.mocked(host.toast.error).mock.calls.map(([message]) => message).sort()).toEqual([
      'Failed to load pending reports',
      'Failed to load pending suggestions',
      'Failed to load reported businesses',
      'Failed to load statistics',
    ]);
  });
});
