import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES, PAGING, type Comment, type Report, type Suggestion } from '@zaytoon/contract/client';
import { admin, business, descriptions, fakeApi, fakeHost, fakeSession, member, renderScreen, routeFake, type RouteFakes } from '../../test/harness';
import { listPage } from '../../test/directoryFakes';
import { BusinessDetailScreen } from './BusinessDetailScreen';
import detailStyles from './BusinessDetailScreen.module.css';
import ratingStyles from './CommunityRating.module.css';

/** The dialogs are a lazy chunk: the first import can outlast findBy's default second on a busy machine. */
const LAZY_CHUNK = { timeout: 10_000 };

const report = (id: number, extra: Partial<Report> = {}): Report => ({
  id,
  business_id: 5,
  reason: 'Inaccurate information',
  description: `report ${id}`,
  reported_by: 2,
  reporter_username: 'sami',
  created_at: '2024-03-05T10:00:00Z',
  ...extra,
});

const detailBusiness = business({
  id: 5,
  name: 'Olive Tree Cafe',
  category: 'Cafe',
  address: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 1AA',
  verified: true,
  verification: { status: 'current', method: 'Visited in person', date: '2026-03-14', due_date: '2027-03-14' },
  business_hours: { monday: '9:00 AM - 5:00 PM' },
  social_media: { twitter: '@olive', facebook: 'olivetree', instagram: 'https://instagram.com/olive' },
  report_count: 5,
  latest_reports: [report(1), report(2), report(3, { reported_by: null, reporter_username: null, reporter: null })],
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

function api(overrides: RouteFakes = {}) {
  return fakeApi({
    getBusiness: async () => detailBusiness,
    getVotes: async () => ({ vote_score: 2, upvotes: 3, downvotes: 1, user_vote: 'upvote' }),
    canEdit: async () => ({ can_edit: true, is_owner: true }),
    listComments: async () => listPage([comment(1, member.id, 'sami'), comment(2, 99, 'other')]),
    listSuggestions: async () => [suggestion],
    ...overrides,
  });
}

const open = (host = fakeHost({ api: api() })) => renderScreen(<BusinessDetailScreen />, { path: '/business/5', pattern: '/business/:id', host });

describe('business detail (SPEC §2)', () => {
  it('shows the header, rating, columns and social links', async () => {
    open();
    await screen.findByTestId('business-detail');
    expect(screen.getByRole('heading', { level: 1, name: 'Olive Tree Cafe' })).toBeTruthy();
    expect(screen.getByText('1 High Street, Leeds LS1 1AA', { selector: `.${detailStyles.address}` })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('net-score').textContent).toBe('+2'));
    expect(screen.getByTestId('upvote').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('downvote').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Upvote 3' }).className).toBe(`${ratingStyles.vote} ${ratingStyles.up}`);
    expect(screen.getByRole('button', { name: 'Downvote 1' }).className).toBe(`${ratingStyles.vote} ${ratingStyles.down}`);
    const hours = screen.getByTestId('business-hours').textContent ?? '';
    expect(hours).toContain('Monday:9:00 AM - 5:00 PM');
    expect(hours).toContain('Sunday:Closed');
    const links = within(screen.getByTestId('social-links'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://facebook.com/olivetree', 'https://twitter.com/olive', 'https://instagram.com/olive']);
    expect(screen.getByTestId('verified').textContent).toContain('This business has been verified by our community');
    expect(screen.getByTestId('verification-line').textContent).toBe('Verified in person · March 2026');
    expect(screen.getByRole('link', { name: 'Visit Website' })).toBeTruthy();
  });

  it('reads Contact Information and Business Hours right after the header, before About and Palestine Support', async () => {
    open();
    await screen.findByTestId('business-detail');
    const order = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    // The rating's short row belongs to the header's block; the page's sections start with the contact details.
    expect(order.slice(0, 5)).toEqual(['Community Rating', 'Contact Information', 'Business Hours', 'About', 'Palestine Support']);
  });

  it('shows a name in Arabic script as the heading and its English letters beneath it, each reading in its own direction', async () => {
    const arabic = { ...detailBusiness, name: 'مطعم الزيتون', name_latin: 'Matam Al Zaytoun' };
    open(fakeHost({ api: api({ getBusiness: async () => arabic }) }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'مطعم الزيتون' });
    expect(heading.getAttribute('dir')).toBe('auto');
    const latin = screen.getByTestId('business-name-latin');
    expect(latin.textContent).toBe('Matam Al Zaytoun');
    expect(latin.getAttribute('dir')).toBe('auto');
    expect(heading.nextElementSibling).toBe(latin);
  });

  it('shows no English-letters line for a business without one', async () => {
    open();
    await screen.findByTestId('business-detail');
    expect(screen.queryByTestId('business-name-latin')).toBeNull();
  });

  it("a verification older than 12 months reads 'Verification due', without the Verified badge", async () => {
    const due = { ...detailBusiness, verified: false, verification: { ...detailBusiness.verification, status: 'due' as const } };
    open(fakeHost({ api: api({ getBusiness: async () => due }) }));
    await screen.findByTestId('business-detail');
    expect(screen.getByTestId('verification-due').textContent).toBe('Verification due');
    expect(screen.queryByTestId('verified')).toBeNull();
  });

  it("'Still open and still supportive?': the members' count for everyone; a member answers once, a visitor is asked to log in", async () => {
    const answered = {
      confirmed_by: 3,
      latest_confirmed_at: '2026-11-20T10:00:00.000Z',
      your_answer: { answer: 'Yes', answered_at: '2026-11-23T10:00:00.000Z', next_answer_from: '2026-12-23T10:00:00.000Z' },
    };
    const confirmations: RouteFakes = {
      confirmationSummary: async () => ({ confirmed_by: 2, latest_confirmed_at: '2026-11-20T10:00:00.000Z', your_answer: null }),
      confirmBusiness: async () => answered,
    };
    const visitor = fakeHost({ api: api(confirmations) });
    const { unmount } = open(visitor);
    const section = await screen.findByTestId('member-confirmations');
    expect(within(section).getByRole('heading').textContent).toBe('Still open and still supportive?');
    expect((await within(section).findByTestId('confirmed-by')).textContent).toBe('Confirmed by 2 members in the last 90 days · latest 20/11/2026');
    await userEvent.click(within(section).getByRole('button', { name: 'Closed' }));
    expect(visitor.toast.error).toHaveBeenCalledWith('Please log in to answer');
    expect(visitor.api.call).not.toHaveBeenCalledWith('confirmBusiness', expect.anything());
    unmount();

    const host = fakeHost({ api: api(confirmations), session: fakeSession(member) });
    open(host);
    const memberSection = await screen.findByTestId('member-confirmations');
    await userEvent.click(await within(memberSection).findByRole('button', { name: 'Yes' }));
    expect(host.api.call).toHaveBeenCalledWith('confirmBusiness', { id: 5, body: { answer: 'Yes' } });
    expect((await within(memberSection).findByTestId('own-answer')).textContent).toBe(
      'You answered ‘Yes’ on 23/11/2026. You can answer again from 23/12/2026.',
    );
    expect(within(memberSection).getByTestId('confirmed-by').textContent).toContain('Confirmed by 3 members');
    expect(within(memberSection).queryByRole('button', { name: 'Closed' })).toBeNull();
    expect(host.toast.success).toHaveBeenCalledWith('Thank you: your answer is recorded');
  });

  it('logged out: Log In, the interact prompt, no edit, no reports', async () => {
    open();
    await screen.findByTestId('business-detail');
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByText('Want to suggest edits or report this business?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login to Interact' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Business' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Verify Business' })).toBeNull();
    expect(screen.queryByTestId('recent-reports')).toBeNull();
    const pending = await screen.findByTestId('pending-suggestions');
    expect(pending.textContent).toContain('Pending Suggestions (1)');
    expect(pending.textContent).toContain('Suggested by former member');
    expect(pending.textContent).toContain('Pending admin review');
  });

  it('asks visitors to log in to vote', async () => {
    const host = fakeHost({ api: api() });
    open(host);
    await screen.findByTestId('business-detail');
    await userEvent.click(screen.getByTestId('downvote'));
    expect(host.toast.error).toHaveBeenCalledWith('Please log in to vote');
    expect(routeFake(host.api, 'vote')).not.toHaveBeenCalled();
  });

  it('admins see the report badge, Edit Business and the 3 latest reports', async () => {
    open(fakeHost({ api: api(), session: fakeSession(admin) }));
    await screen.findByTestId('business-detail');
    expect(screen.getByTestId('detail-report-count').textContent).toBe('5 reports');
    expect((await screen.findByRole('link', { name: 'Edit Business' })).getAttribute('href')).toBe('/edit-business/5');
    expect(screen.getByRole('link', { name: 'Verify Business' }).getAttribute('href')).toBe('/admin?verify=5');
    const reports = screen.getByTestId('recent-reports');
    expect(reports.textContent).toContain('Recent Reports (5)');
    expect(within(reports).getAllByRole('listitem')).toHaveLength(3);
    expect(reports.textContent).toContain('And 2 more reports...');
    expect(within(reports).getAllByRole('listitem')[2].textContent).toContain('Reported by former member');
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
    expect(routeFake(host.api, 'vote')).toHaveBeenCalledWith({ id: 5, body: { vote_type: 'upvote' } });
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
    expect(routeFake(host.api, 'addComment')).toHaveBeenCalledWith({ id: 5, body: { comment_text: 'ok great' } });
  });

  it('deletes a comment after confirming', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const host = fakeHost({ api: api(), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by sami' }));
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete this comment?');
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Comment deleted'));
    expect(routeFake(host.api, 'deleteComment')).toHaveBeenCalledWith({ id: 1 });
  });

  it('suggests an edit: submit disabled until field and value are set', async () => {
    const host = fakeHost({ api: api(), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest Edit' }, LAZY_CHUNK);
    const submit = within(dialog).getByRole('button', { name: 'Submit Suggestion' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Field to update'), 'business_hours');
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Sunday'), 'Closed');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Suggestion submitted successfully! It will be reviewed by an admin.'));
    expect(routeFake(host.api, 'addSuggestion')).toHaveBeenCalledWith({
      id: 5,
      body: { field_name: 'business_hours', suggested_value: '{"sunday":"Closed"}', reason: '' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports a business with a reason, and toasts the fallback on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({
      api: api({ addReport: async () => Promise.reject(new ApiError(500, null)) }),
      session: fakeSession(member),
    });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Report Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Business' }, LAZY_CHUNK);
    const reasons = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(reasons.slice(1)).toEqual([
      'Inaccurate information',
      'Does not support Palestine',
      'Business closed/moved',
      'Inappropriate content',
      'Spam or duplicate',
      'Other',
    ]);
    const submit = within(dialog).getByRole('button', { name: 'Submit Report' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    expect(submit.disabled).toBe(false);
    const details = within(dialog).getByLabelText('Details (optional)') as HTMLTextAreaElement;
    expect(details.maxLength).toBe(5000);
    await userEvent.type(details, ' Moved ');
    expect(descriptions(details)).toEqual(['7/5000 characters']);
    await userEvent.click(submit);
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Failed to submit report'));
    expect(routeFake(host.api, 'addReport')).toHaveBeenCalledWith({ body: { business_id: 5, reason: 'Other', description: 'Moved' } });
    // A refused report leaves the dialog open, its details kept; Cancel asks before they are lost, Discard closes it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard what you wrote?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a 404 toasts 'Business not found' and goes to /dashboard", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({ api: api({ getBusiness: async () => Promise.reject(new ApiError(404, 'Business not found')) }) });
    open(host);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(host.toast.error).toHaveBeenCalledWith('Business not found');
  });

  it("a business merged into another replaces its address with the survivor's page, without a toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({
      api: api({
        getBusiness: async ({ id }) =>
          id === 5 ? Promise.reject(new ApiError(404, 'Business not found', undefined, 9)) : business({ id: 9, name: 'Olive Tree Bakers' }),
      }),
    });
    open(host);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business/9'));
    expect(host.toast.error).not.toHaveBeenCalled();
  });

  it("shows 'Business Not Found' for a path that names no business, without asking", async () => {
    const host = fakeHost({ api: api() });
    renderScreen(<BusinessDetailScreen />, { path: '/business/olive', pattern: '/business/:id', host });
    const notFound = await screen.findByTestId('business-not-found');
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe('Business Not Found');
    expect(notFound.textContent).toContain('The business you are looking for does not exist or has been removed.');
    expect(within(notFound).getByRole('link', { name: 'Back to Directory' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('back-to-directory')).toBeTruthy();
    expect(routeFake(host.api, 'getBusiness')).not.toHaveBeenCalled();
  });

  it.each([
    ['a network failure', new ApiError(0, null)],
    ['a server error', new ApiError(503, 'Service temporarily unavailable')],
  ])("tells %s apart from 'not found', and 'Try again' reads the business again", async (_, failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers: Array<() => Promise<unknown>> = [() => Promise.reject(failure), async () => detailBusiness];
    const host = fakeHost({ api: api({ getBusiness: () => answers.shift()!() }) });
    open(host);
    const unavailable = await screen.findByTestId('business-unavailable');
    expect(within(unavailable).getByRole('heading', { level: 1 }).textContent).toBe('Could not load this business');
    expect(unavailable.textContent).toContain('Please check your connection and try again.');
    expect(screen.queryByTestId('business-not-found')).toBeNull();
    expect(host.toast.error).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/business/5');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olive Tree Cafe' })).toBeTruthy();
    expect(routeFake(host.api, 'getBusiness')).toHaveBeenCalledTimes(2);
  });

  it('reads the business with the host client first (the shell answers that read early)', async () => {
    const host = fakeHost({ api: api() });
    open(host);
    await screen.findByTestId('business-detail');
    expect(routeFake(host.api, 'getBusiness').mock.calls[0][0]).toEqual({ id: 5 });
  });

  it('only the business is required: votes, can-edit, comments and suggestions fail quietly', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = async () => Promise.reject(new ApiError(500, null));
    const host = fakeHost({
      api: api({ getVotes: down, canEdit: down, listComments: down, listSuggestions: down }),
      session: fakeSession(member),
    });
    open(host);
    await screen.findByTestId('business-detail');
    await waitFor(() => expect(error.mock.calls.length).toBeGreaterThanOrEqual(4));
    expect(screen.getByTestId('net-score').textContent).toBe('0');
    expect(screen.queryByRole('link', { name: 'Edit Business' })).toBeNull();
    expect(screen.getByText('Comments (0)')).toBeTruthy();
    expect(screen.queryByTestId('pending-suggestions')).toBeNull();
    expect(host.toast.error).not.toHaveBeenCalled();
  });
});

describe('business detail: changes show at once, and a refusal undoes them', () => {
  it('a vote counts at once and is rolled back when refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse: (error: unknown) => void = () => {};
    const host = fakeHost({
      api: api({ vote: () => new Promise((_, reject) => (refuse = reject)) }),
      session: fakeSession(member),
    });
    open(host);
    await waitFor(() => expect(screen.getByTestId('net-score').textContent).toBe('+2'));
    await userEvent.click(screen.getByTestId('downvote'));
    expect(screen.getByTestId('net-score').textContent).toBe('0');
    expect(screen.getByTestId('downvote').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('upvote').getAttribute('aria-pressed')).toBe('false');
    refuse(new ApiError(500, null));
    await waitFor(() => expect(screen.getByTestId('net-score').textContent).toBe('+2'));
    expect(screen.getByTestId('upvote').getAttribute('aria-pressed')).toBe('true');
    expect(host.toast.error).toHaveBeenCalledWith('Failed to record vote');
  });

  it('a posted comment shows at once; a refused one leaves the list and comes back into the box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse: (error: unknown) => void = () => {};
    const host = fakeHost({
      api: api({ addComment: () => new Promise((_, reject) => (refuse = reject)) }),
      session: fakeSession(member),
    });
    open(host);
    await screen.findByText('Comments (2)');
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Lovely knafeh');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(screen.getByText('Comments (3)')).toBeTruthy();
    expect(screen.getAllByTestId('comment')[0].textContent).toContain('Lovely knafeh');
    refuse(new ApiError(500, null));
    await waitFor(() => expect(screen.getByText('Comments (2)')).toBeTruthy());
    expect(host.toast.error).toHaveBeenCalledWith('Failed to add comment');
    expect((screen.getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe('Lovely knafeh');
  });

  it('a deleted comment goes at once and comes back when the delete is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let refuse: (error: unknown) => void = () => {};
    const host = fakeHost({
      api: api({ deleteComment: () => new Promise((_, reject) => (refuse = reject)) }),
      session: fakeSession(member),
    });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by sami' }));
    expect(screen.getByText('Comments (1)')).toBeTruthy();
    expect(screen.queryByText('comment 1')).toBeNull();
    refuse(new ApiError(403, 'You can only delete your own comments'));
    expect(await screen.findByText('comment 1')).toBeTruthy();
    expect(host.toast.error).toHaveBeenCalledWith('You can only delete your own comments');
  });
});

describe('business detail: comments a page at a time', () => {
  /** Three comments in all: the first page holds two, 'Load more comments' reads the third. */
  function pagedComments() {
    return vi.fn(async ({ query }: { query?: { cursor?: string } }) =>
      query?.cursor === 'after-2'
        ? listPage([comment(3, member.id, 'sami')], 3)
        : listPage([comment(1, 99, 'other'), comment(2, 99, 'other')], 3, 'after-2'),
    );
  }

  it("shows the first page with the total, and 'Load more comments' adds the next until none remain", async () => {
    const listComments = pagedComments();
    open(fakeHost({ api: api({ listComments }) }));
    await screen.findByText('Comments (3)');
    expect(screen.getAllByTestId('comment')).toHaveLength(2);
    expect(listComments).toHaveBeenCalledWith({ id: 5, query: { limit: PAGING.commentsPage, cursor: undefined } }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(3));
    expect(listComments).toHaveBeenLastCalledWith({ id: 5, query: { limit: PAGING.commentsPage, cursor: 'after-2' } }, expect.anything());
    expect(screen.getAllByTestId('comment').map((each) => each.textContent)).toEqual([
      expect.stringContaining('comment 1'),
      expect.stringContaining('comment 2'),
      expect.stringContaining('comment 3'),
    ]);
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
    expect(screen.getByText('Comments (3)')).toBeTruthy();
  });

  it('a comment deleted from a later page goes at once and the total drops; a new one tops the first page', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const host = fakeHost({
      api: api({ listComments: pagedComments(), deleteComment: () => new Promise(() => {}), addComment: () => new Promise(() => {}) }),
      session: fakeSession(member),
    });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more comments' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by sami' }));
    expect(screen.getByText('Comments (2)')).toBeTruthy();
    expect(screen.queryByText('comment 3')).toBeNull();
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Lovely knafeh');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(screen.getByText('Comments (3)')).toBeTruthy();
    expect(screen.getAllByTestId('comment')[0].textContent).toContain('Lovely knafeh');
  });
});

describe("business detail: 'Please log in to ...' (SPEC §5)", () => {
  const loggedOut = () => Promise.reject(new ApiError(401, 'Not authenticated'));

  it('a suggestion refused for want of a session says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({ api: api({ addSuggestion: loggedOut }), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest Edit' }, LAZY_CHUNK);
    await userEvent.selectOptions(within(dialog).getByLabelText('Field to update'), 'phone');
    await userEvent.type(within(dialog).getByLabelText('Suggested value'), '0113 222 2222');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Please log in to suggest changes'));
  });

  it('a report refused for want of a session says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({ api: api({ addReport: loggedOut }), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Report Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Business' }, LAZY_CHUNK);
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Please log in to report a business'));
  });

  it('logging out while a dialog is open asks to log in without calling the API', async () => {
    const session = fakeSession(member);
    const host = fakeHost({ api: api(), session });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Report Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Business' }, LAZY_CHUNK);
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    // The session ends while the dialog is open (Logout in the nav bar, or the shell finding it expired).
    session.setState({ user: null }, false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(host.toast.error).toHaveBeenCalledWith('Please log in to report a business');
    expect(routeFake(host.api, 'addReport')).not.toHaveBeenCalled();
  });
});

describe('business detail: text limits', () => {
  it('the report details and suggestion fields stop at their limits and count long text', async () => {
    const host = fakeHost({ api: api(), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest Edit' }, LAZY_CHUNK);
    await userEvent.selectOptions(within(dialog).getByLabelText('Field to update'), 'description');
    const value = within(dialog).getByLabelText('Suggested value') as HTMLTextAreaElement;
    expect(value.maxLength).toBe(5000);
    await userEvent.type(value, 'Fresh bread');
    expect(descriptions(value)).toEqual(['11/5000 characters']);
    await userEvent.selectOptions(within(dialog).getByLabelText('Field to update'), 'phone');
    const phone = within(dialog).getByLabelText('Suggested value') as HTMLInputElement;
    expect(phone.maxLength).toBe(50);
    expect(descriptions(phone)).toEqual([]);
    const reason = within(dialog).getByLabelText('Reason (optional)') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(5000);
    expect(descriptions(reason)).toEqual(['0/5000 characters']);
    // The reason's is the dialog's only counter: the short value has none.
    expect(
      within(dialog)
        .getAllByText(/^\d+\/\d+ characters$/)
        .map((counter) => counter.textContent),
    ).toEqual(['0/5000 characters']);
  });

  it('the comment box stops at 1000 characters', async () => {
    open(fakeHost({ api: api(), session: fakeSession(member) }));
    await screen.findByTestId('business-detail');
    expect((screen.getByLabelText('Add a comment') as HTMLTextAreaElement).maxLength).toBe(1000);
  });
});

describe('business detail: sources of proof of support', () => {
  const sources = [
    { id: 12, kind: 'In-store sign' as const, url: null, description: 'Sign in the window', date: '2026-01-15', link: null },
    {
      id: 11,
      kind: 'Public statement' as const,
      url: 'https://www.olive.example/statement',
      description: 'Our statement of solidarity',
      date: '2025-11-02',
      link: { status: 'unchecked' as const, checked_at: null, final_url: null, http_status: null, archived_title: null, archived_excerpt: null },
    },
  ];

  it("Palestine Support lists each source's kind, date, description and link, newest first", async () => {
    open(fakeHost({ api: api({ getBusiness: async () => ({ ...detailBusiness, sources }) }) }));
    const support = await screen.findByRole('region', { name: 'Palestine Support' });
    const items = within(support).getAllByTestId('source');
    expect(items.map((item) => item.getAttribute('data-source-id'))).toEqual(['12', '11']);
    expect(items[0].textContent).toContain('In-store sign');
    expect(items[0].textContent).toContain('15 January 2026');
    expect(items[0].textContent).toContain('Sign in the window');
    expect(within(items[0]).queryByRole('link')).toBeNull();
    const link = within(items[1]).getByRole('link', { name: /View source on olive.example/ });
    expect(link.getAttribute('href')).toBe('https://www.olive.example/statement');
    expect(within(items[1]).getByText('2 November 2025').getAttribute('datetime')).toBe('2025-11-02');
  });

  it('a business without sources shows its text, or that there are no details yet', async () => {
    open(fakeHost({ api: api({ getBusiness: async () => ({ ...detailBusiness, proof_of_support: '', sources: [] }) }) }));
    const support = await screen.findByRole('region', { name: 'Palestine Support' });
    expect(support.textContent).toContain('No details yet.');
  });

  it("suggests a source: kind, date, link and description, sent as the suggestion's value; the API's messages show under the fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = new ApiError(400, MESSAGES.sourceUrlInvalid, { 'suggested_value.url': MESSAGES.sourceUrlInvalid });
    const addSuggestion = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValue(suggestion);
    const host = fakeHost({ api: api({ addSuggestion }), session: fakeSession(member) });
    open(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest Edit' }, LAZY_CHUNK);
    const submit = within(dialog).getByRole('button', { name: 'Submit Suggestion' }) as HTMLButtonElement;
    await userEvent.selectOptions(within(dialog).getByLabelText('Field to update'), 'proof_of_support');
    expect(within(dialog).getByRole('group', { name: 'Suggested source' })).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind of source'), 'Social media post');
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Quote or description'), 'Posted about their Gaza fundraiser');
    await userEvent.type(within(dialog).getByLabelText('Link (optional)'), 'https://olive.example/post');
    await userEvent.clear(within(dialog).getByLabelText('Date'));
    await userEvent.type(within(dialog).getByLabelText('Date'), '2026-02-01');
    await userEvent.click(submit);
    await waitFor(() => expect(within(dialog).getByText(MESSAGES.sourceUrlInvalid)).toBeTruthy());
    await userEvent.click(submit);
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith(MESSAGES.suggestionSubmitted));
    expect(addSuggestion).toHaveBeenLastCalledWith({
      id: 5,
      body: {
        field_name: 'proof_of_support',
        suggested_value: JSON.stringify({
          kind: 'Social media post',
          url: 'https://olive.example/post',
          description: 'Posted about their Gaza fundraiser',
          date: '2026-02-01',
        }),
        reason: '',
      },
    });
  });
});
