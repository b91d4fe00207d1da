import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Comment, type Report, type Suggestion } from '@zaytoon/client';
import { admin, business, fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { BusinessDetailScreen } from './BusinessDetailScreen';

const report = (id: number): Report => ({
  id,
  business_id: 5,
  reason: 'Inaccurate information',
  description: `report ${id}`,
  reported_by: 2,
  reporter_username: 'sami',
  created_at: '2024-03-05T10:00:00Z',
});

const detailBusiness = business({
  id: 5,
  name: 'Olive Tree Cafe',
  category: 'Cafe',
  address: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 1AA',
  verified: true,
  business_hours: { monday: '9:00 AM - 5:00 PM' },
  social_media: { twitter: '@olive', facebook: 'olivetree', instagram: 'https://instagram.com/olive' },
  report_count: 5,
  latest_reports: [report(1), report(2), report(3)],
});

const suggestion: Suggestion = {
  id: 1,
  business_id: 5,
  business_name: 'Olive Tree Cafe',
  field_name: 'phone',
  suggested_value: '0113 111 1111',
  current_value: '',
  reason: 'New number',
  suggestion_type: 'add_missing',
  suggester_username: null,
  created_at: '2024-03-05T10:00:00Z',
};

const comment = (id: number, user_id: number, username: string): Comment => ({
  id,
  business_id: 5,
  user_id,
  username,
  user_picture: null,
  comment_text: `comment ${id}`,
  created_at: '2024-03-05T10:00:00Z',
});

function api(overrides = {}) {
  return fakeApi({
    getBusiness: async () => detailBusiness,
    getVotes: async () => ({ vote_score: 2, upvotes: 3, downvotes: 1, user_vote: 'upvote' }),
    canEdit: async () => ({ can_edit: true, is_owner: true }),
    listComments: async () => [comment(1, member.id, 'sami'), comment(2, 99, 'other')],
    listSuggestions: async () => [suggestion],
    ...overrides,
  });
}

const open = (host = fakeHost({ api: api() })) =>
  renderScreen(<BusinessDetailScreen />, { path: '/business/5', pattern: '/business/:id', host });

describe('business detail (SPEC §2)', () => {
  it('shows the header, rating, columns and social links', async () => {
    open();
    await screen.findByTestId('business-detail');
    expect(screen.getByRole('heading', { level: 1, name: 'Olive Tree Cafe' })).toBeTruthy();
    expect(screen.getByText('1 High Street, Leeds LS1 1AA', { selector: '.zd-detail__address' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('net-score').textContent).toBe('+2'));
    expect(screen.getByTestId('upvote').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('downvote').getAttribute('aria-pressed')).toBe('false');
    const hours = screen.getByTestId('business-hours').textContent ?? '';
    expect(hours).toContain('Monday:9:00 AM - 5:00 PM');
    expect(hours).toContain('Sunday:Closed');
    const links = within(screen.getByTestId('social-links')).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://facebook.com/olivetree', 'https://twitter.com/olive', 'https://instagram.com/olive']);
    expect(screen.getByTestId('verified').textContent).toContain('This business has been verified by our community');
    expect(screen.getByRole('link', { name: 'Visit Website' })).toBeTruthy();
  });

  it('logged out: Log In, the interact prompt, no edit, no reports', async () => {
    open();
    await screen.findByTestId('business-detail');
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByText('Want to suggest edits or report this business?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login to Interact' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Business' })).toBeNull();
    expect(screen.queryByTestId('recent-reports')).toBeNull();
    const pending = await screen.findByTestId('pending-suggestions');
    expect(pending.textContent).toContain('Pending Suggestions (1)');
    expect(pending.textContent).toContain('Suggested by Unknown');
    expect(pending.textContent).toContain('Pending admin review');
  });

  it("asks visitors to log in to vote", async () => {
    const host = fakeHost({ api: api() });
    open(host);
    await screen.findByTestId('business-detail');
    await userEvent.click(screen.getByTestId('downvote'));
    expect(host.toast.error).toHaveBeenCalledWith('Please log in to vote');
    expect(host.api.vote).not.toHaveBeenCalled();
  });

  it('admins see the report badge, Edit Business and the 3 latest reports', async () => {
    open(fakeHost({ api: api(), session: fakeSession(admin) }));
    await screen.findByTestId('business-detail');
    expect(screen.getByTestId('detail-report-count').textContent).toBe('5 reports');
    expect((await screen.findByRole('link', { name: 'Edit Business' })).getAttribute('href')).toBe('/edit-business/5');
    const reports = screen.getByTestId('recent-reports');
    expect(reports.textContent).toContain('Recent Reports (5)');
    expect(within(reports).getAllByRole('listitem')).toHaveLength(3);
    expect(reports.textContent).toContain('And 2 more reports...');
    // admins may delete any comment
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Delete comment/ })).toHaveLength(2));
  });

  it('members vote, and delete only their own comments', async () => {
    const host = fakeHost({
      api: api({ vote: async () => ({ vote_score: 1, upvotes: 2, downvotes: 1, user_vote: null, message: 'Vote removed' }) }),
      session: fakeSession(member),
    });
    open(host);
    await screen.findByTestId('business-detail');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Delete comment/ })).toHaveLength(1));
    await userEvent.click(screen.getByTestId('upvote'));
    await waitFor(() => expect(screen.getByTestId('net-score').textContent).toBe('+1'));
    expect(host.api.vote).toHaveBeenCalledWith(5, 'upvote');
    expect(screen.getByTestId('upvote').getAttribute('aria-pressed')).toBe('false');
  });

  it('posts a comment with the live counter and the 3-character rule', async () => {
    const host = fakeHost({ api: api({ addComment: async () => comment(3, member.id, 'sami') }), session: fakeSession(member) });
    open(host);
    await screen.findByTestId('business-detail');
    const box = screen.getByLabelText('Add a comment');
    const post = screen.getByRole('button', { name: 'Post Comment' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    expect(screen.getByTestId('comment-counter').textContent).toBe('0/1000 characters');
    await userEvent.type(box, ' ok ');
    expect(screen.getByTestId('comment-counter').textContent).toBe('4/1000 characters');
    await userEvent.click(post);
    expect(host.toast.error).toHaveBeenCalledWith('Comment must be at least 3 characters');
    await userEvent.type(box, 'great');
    await userEvent.click(post);
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Comment added!'));
    expect(host.api.addComment).toHaveBeenCalledWith(5, 'ok great');
  });

  it('deletes a comment after confirming', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const host = fakeHost({ api: api(), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by sami' }));
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete this comment?');
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Comment deleted'));
    expect(host.api.deleteComment).toHaveBeenCalledWith(1);
  });

  it('suggests an edit: submit disabled until field and value are set', async () => {
    const host = fakeHost({ api: api(), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest Edit' });
    const submit = within(dialog).getByRole('button', { name: 'Submit Suggestion' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Field to update'), 'business_hours');
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Sunday'), 'Closed');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    await waitFor(() =>
      expect(host.toast.success).toHaveBeenCalledWith('Suggestion submitted successfully! It will be reviewed by an admin.'),
    );
    expect(host.api.addSuggestion).toHaveBeenCalledWith(5, {
      field_name: 'business_hours',
      suggested_value: '{"sunday":"Closed"}',
      reason: '',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports a business with a reason, and toasts the fallback on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({
      api: api({ createReport: async () => Promise.reject(new ApiError(500, null)) }),
      session: fakeSession(member),
    });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Report Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Business' });
    const reasons = within(dialog).getAllByRole('option').map((option) => option.textContent);
    expect(reasons.slice(1)).toEqual([
      'Inaccurate information',
      'Does not support Palestine',
      'Business closed/moved',
      'Inappropriate content',
      'Spam or duplicate',
      'Other',
    ]);
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Failed to submit report'));
    expect(host.api.createReport).toHaveBeenCalledWith({ business_id: 5, reason: 'Other', description: '' });
  });

  it("a 404 toasts 'Business not found' and goes to /dashboard", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({ api: api({ getBusiness: async () => Promise.reject(new ApiError(404, 'Business not found')) }) });
    open(host);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(host.toast.error).toHaveBeenCalledWith('Business not found');
  });

  it("shows 'Business Not Found' when the business cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open(fakeHost({ api: api({ getBusiness: async () => Promise.reject(new ApiError(0, null)) }) }));
    expect((await screen.findByTestId('business-not-found')).textContent).toContain('Business Not Found');
    expect(screen.getAllByRole('link', { name: /Back to Directory/ }).length).toBeGreaterThan(0);
  });
});
