import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@zaytoon/client';
import { fakeApi, fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

const statistics = {
  users: { total: 12, admins: 2, regular: 10, recent_registrations: 3 },
  businesses: { total: 40, verified: 25, unverified: 15 },
  pending: { reports: 4, suggestions: 5 },
};

describe('admin panel', () => {
  it('loads /api/admin/statistics', async () => {
    const api = fakeApi({ adminStatistics: async () => statistics });
    renderWithHost(<AdminPanel />, fakeHost({ api }));
    const stats = screen.getByTestId('admin-stats');
    await waitFor(() => expect(stats.textContent).toContain('12'));
    expect(stats.textContent).toContain('40');
    expect(api.adminStatistics).toHaveBeenCalled();
  });

  it("toasts 'Failed to load statistics' without a server detail", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({ api: fakeApi({ adminStatistics: async () => Promise.reject(new ApiError(500, null)) }) });
    renderWithHost(<AdminPanel />, host);
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Failed to load statistics'));
  });
});
