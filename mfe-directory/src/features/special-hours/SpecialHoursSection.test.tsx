import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES, type SpecialHoursEntry } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, fakeSession, member, renderScreen, routeFake } from '../../test/harness';
import { BusinessDetailScreen } from '../../screens/BusinessDetail/BusinessDetailScreen';

const EID: SpecialHoursEntry = { label: 'Eid al-Fitr', first_date: '2026-03-20', last_date: '2026-03-20', closed: true, opens: null, closes: null };
const PAST: SpecialHoursEntry = { label: 'Old holiday', first_date: '2026-01-01', last_date: '2026-01-01', closed: true, opens: null, closes: null };
const withSpecial = business({ id: 5, business_hours: { friday: '9:00 AM - 5:00 PM', saturday: '10-4' }, special_hours: [EID, PAST] });

function open(canEdit: boolean, overrides: Parameters<typeof fakeApi>[0] = {}) {
  const host = fakeHost({
    api: fakeApi({
      getBusiness: async () => withSpecial,
      getVotes: async () => ({ vote_score: 0, upvotes: 0, downvotes: 0, user_vote: null }),
      canEdit: async () => ({ can_edit: canEdit, is_owner: canEdit }),
      listSuggestions: async () => [],
      ...overrides,
    }),
    session: canEdit || overrides.addSuggestion ? fakeSession(member) : fakeSession(),
  });
  renderScreen(<BusinessDetailScreen />, { path: '/business/5', pattern: '/business/:id', host });
  return host;
}

describe('special hours on the business page', () => {
  beforeEach(() => {
    // Friday 20 March 2026, noon in London: Eid.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-20T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("the week view shows the special date in its weekday's place, the status names it, the list keeps what is not over", async () => {
    open(false);
    const week = await screen.findByTestId('business-hours');
    const friday = within(week).getByText('Friday:').parentElement!;
    expect(friday.dataset.special).toBe('true');
    expect(friday.textContent).toBe('Friday:Eid al-Fitr: Closed');
    expect(within(week).getByText('Saturday:').parentElement!.textContent).toBe('Saturday:10-4');
    expect(screen.getByTestId('opening-status').textContent).toBe('Closed · opens Sat 10 am · Eid al-Fitr');
    expect(screen.getAllByTestId('special-hours-item').map((item) => item.textContent)).toEqual(['Eid al-Fitr · 20 Mar 2026 · Closed']);
    expect(screen.queryByRole('button', { name: 'Edit special hours' })).toBeNull();
  });

  it('its owner edits them: the whole list is sent, and field errors show by their inputs', async () => {
    const host = open(true, {
      setSpecialHours: vi
        .fn()
        .mockRejectedValueOnce(new ApiError(400, MESSAGES.specialHoursSameTimes, { 'special_hours.2.closes': MESSAGES.specialHoursSameTimes }))
        .mockResolvedValue({ ...withSpecial, special_hours: [EID] }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Edit special hours' }));
    await user.click(screen.getByRole('button', { name: 'Add special hours' }));
    const added = screen.getAllByTestId('special-hours-entry')[2];
    await user.type(within(added).getByLabelText('Label'), 'Ramadan');
    await user.type(within(added).getByLabelText('First date'), '2027-02-08');
    await user.type(within(added).getByLabelText('Last date'), '2027-03-09');
    await user.click(within(added).getByLabelText('Closed all day'));
    await user.type(within(added).getByLabelText('Opens'), '18:00');
    await user.type(within(added).getByLabelText('Closes'), '18:00');
    await user.click(screen.getByRole('button', { name: 'Save special hours' }));
    expect(await within(added).findByText(MESSAGES.specialHoursSameTimes)).toBeTruthy();
    await user.clear(within(added).getByLabelText('Closes'));
    await user.type(within(added).getByLabelText('Closes'), '02:00');
    await user.click(screen.getByRole('button', { name: 'Save special hours' }));
    expect(routeFake(host.api, 'setSpecialHours')).toHaveBeenLastCalledWith({
      id: 5,
      body: {
        special_hours: [
          { label: 'Eid al-Fitr', first_date: '2026-03-20', last_date: '2026-03-20', closed: true },
          { label: 'Old holiday', first_date: '2026-01-01', last_date: '2026-01-01', closed: true },
          { label: 'Ramadan', first_date: '2027-02-08', last_date: '2027-03-09', closed: false, opens: '18:00', closes: '02:00' },
        ],
      },
    });
    expect(await screen.findByRole('button', { name: 'Edit special hours' })).toBeTruthy();
  });

  it("a member suggests them as the whole list, starting from the business's own", async () => {
    const host = open(false, { addSuggestion: vi.fn().mockResolvedValue({ id: 1 }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Suggest Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest Edit' }, { timeout: 10_000 });
    await user.selectOptions(within(dialog).getByLabelText('Field to update'), 'special_hours');
    expect(within(dialog).getByTestId('current-value').textContent).toContain('Eid al-Fitr (2026-03-20)');
    const [eid] = within(dialog).getAllByTestId('special-hours-entry');
    await user.click(within(eid).getByLabelText('Closed all day'));
    await user.type(within(eid).getByLabelText('Opens'), '14:00');
    await user.type(within(eid).getByLabelText('Closes'), '22:00');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await waitFor(() => expect(routeFake(host.api, 'addSuggestion')).toHaveBeenCalled());
    const body = routeFake(host.api, 'addSuggestion').mock.calls[0][0].body;
    expect(body.field_name).toBe('special_hours');
    expect(JSON.parse(body.suggested_value)).toEqual([
      { label: 'Eid al-Fitr', first_date: '2026-03-20', last_date: '2026-03-20', closed: false, opens: '14:00', closes: '22:00' },
      { label: 'Old holiday', first_date: '2026-01-01', last_date: '2026-01-01', closed: true },
    ]);
  });
});
