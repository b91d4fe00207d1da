import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { admin, business, fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { DirectoryScreen } from './DirectoryScreen';

const list = [
  business({ id: 1, name: 'Olive Tree Cafe', city: 'Leeds', vote_score: 3 }),
  business({ id: 2, name: 'Jaffa Books', city: 'Manchester', category: 'Books', vote_score: -1, report_count: 2 }),
  business({ id: 3, name: 'Gaza Kitchen', city: 'Leeds', description: 'x'.repeat(130) }),
  business({ id: 4, name: 'Nowhere Shop', city: '' }),
];

describe('directory screen (SPEC §2)', () => {
  it('shows the product heading, tagline and Loading... then the count', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = fakeApi({ listBusinesses: () => new Promise((resolve) => (answer = resolve)) });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Zaytoon' })).toBeTruthy();
    expect(screen.getByText('Discover and support pro-Palestinian businesses across the UK')).toBeTruthy();
    expect(screen.getByTestId('business-count').textContent).toBe('Loading...');
    answer(list);
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe('4 businesses found'));
  });

  it('groups the list by city with count badges', async () => {
    const api = fakeApi({ listBusinesses: async () => list });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const groups = await screen.findAllByTestId('city-group');
    expect(groups.map((group) => group.dataset.city)).toEqual(['Leeds', 'Manchester', 'Unknown City']);
    expect(within(groups[0]).getByTestId('city-count').textContent).toBe('2 businesses');
    expect(within(groups[1]).getByTestId('city-count').textContent).toBe('1 business');
    expect(within(groups[0]).getAllByTestId('business-row').map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Olive Tree Cafe',
      'Gaza Kitchen',
    ]);
    expect(within(groups[0]).getByText('x'.repeat(120) + '...')).toBeTruthy();
    expect(within(groups[0]).getByText('+3')).toBeTruthy();
    expect(within(groups[0]).getAllByRole('link', { name: 'View Details' })[0].getAttribute('href')).toBe('/business/1');
    const summary = screen.getByTestId('location-summary');
    expect(summary.textContent).toContain('Showing 4 businesses across 3 cities in the UK.');
    expect(summary.textContent).toContain('Most active cities');
  });

  it('shows report counts to admins only', async () => {
    const api = fakeApi({ listBusinesses: async () => list });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api, session: fakeSession(member) }) });
    await screen.findAllByTestId('city-group');
    expect(screen.queryByTestId('report-count')).toBeNull();

    document.body.innerHTML = '';
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api, session: fakeSession(admin) }) });
    expect((await screen.findByTestId('report-count')).textContent).toBe('2 reports');
  });

  it('shows the empty state when nothing is found or the API is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ listBusinesses: async () => Promise.reject(new Error('502')) });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    expect(await screen.findByText('No businesses found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search filters to find businesses in different areas.')).toBeTruthy();
    expect(screen.getByTestId('business-count').textContent).toBe('0 businesses found');
  });

  it('filters with chips that remove themselves', async () => {
    const api = fakeApi({
      listBusinesses: async () => list,
      categories: async () => ['Books', 'Cafe'],
      cities: async () => ['Leeds', 'Manchester'],
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('city-group');
    await userEvent.type(screen.getByPlaceholderText('Search businesses...'), 'olive');
    await screen.findByRole('option', { name: 'Books' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Books');
    expect(screen.getByTestId('chip-search').textContent).toBe('Search: olive ×');
    expect(screen.getByTestId('chip-category').textContent).toBe('Category: Books ×');
    await waitFor(() =>
      expect(api.listBusinesses).toHaveBeenLastCalledWith({ search: 'olive', category: 'Books', city: 'all' }),
    );
    await userEvent.click(screen.getByTestId('chip-search'));
    expect(screen.queryByTestId('chip-search')).toBeNull();
    await waitFor(() => expect(api.listBusinesses).toHaveBeenLastCalledWith({ search: '', category: 'Books', city: 'all' }));
  });

  it('top bar: logged out shows Login and its hint', async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse' });
    expect(screen.getByText('Login to add businesses')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Add Business' })).toBeNull();
    await screen.findByText('No businesses found');
  });

  it('top bar: logged in shows the member actions, admins get Admin Panel and (Admin)', async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ session: fakeSession(member) }) });
    expect(screen.getByRole('link', { name: 'Add Business' }).getAttribute('href')).toBe('/add-business');
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Sami');
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/account-settings');
    await screen.findByText('No businesses found');

    document.body.innerHTML = '';
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ session: fakeSession(admin) }) });
    expect(screen.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Amal (Admin)');
    await screen.findByText('No businesses found');
  });

  it("logs out with 'Successfully logged out!' and goes to /", async () => {
    const host = fakeHost({ session: fakeSession(member) });
    renderScreen(<DirectoryScreen />, { path: '/browse', host });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(host.toast.success).toHaveBeenCalledWith('Successfully logged out!');
    expect(host.session.getState().user).toBeNull();
  });
});
