import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sourcesText, type Revision } from '@zaytoon/contract/client';
import { preloadContractMessages } from '@zaytoon/web-kit/contract-messages';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { preloadMessages } from '../../i18n/messages';
import { admin, fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { History } from './History';

const revision = (id: number, extra: Partial<Revision>): Revision => ({
  id,
  business_id: 5,
  kind: 'edit',
  by: 'sami',
  author: { kind: 'member', username: 'sami' },
  created_at: '2026-11-20T10:00:00.000Z',
  redaction: null,
  changes: [{ field: 'phone', before: '01', after: '02' }],
  ...extra,
});

const FIRST_PAGE = {
  items: [
    revision(4, {
      kind: 'revert',
      by: 'admin',
      author: { kind: 'admin' },
      changes: [{ field: 'business_hours', before: { monday: '9-5' }, after: null }],
    }),
    revision(3, { by: 'former member', author: { kind: 'former_member' }, changes: [{ field: 'description', before: 'Old', after: 'New' }] }),
  ],
  total: 4,
  nextCursor: 'next',
};
const SECOND_PAGE = {
  items: [
    revision(2, { kind: 'create', changes: [{ field: 'name', before: null, after: 'Olive' }] }),
    // A member may be called 'admin': the author's kind, not the name, says who it was.
    revision(1, { kind: 'edit', by: 'admin', author: { kind: 'member', username: 'admin' } }),
  ],
  total: 4,
  nextCursor: null,
};

function setUp(user = member) {
  const api = fakeApi({
    businessHistory: async ({ query }) => (query?.cursor ? SECOND_PAGE : FIRST_PAGE),
    revertRevision: async () => revision(5, { kind: 'revert' }),
    redactRevision: async () => revision(3, { changes: [], redaction: { reason: 'Home address', redacted_at: '2026-11-21T10:00:00.000Z' } }),
  });
  const [callPage, call] = [vi.mocked(api.callPage), vi.mocked(api.call)];
  const host = fakeHost({ api, session: fakeSession(user) });
  renderScreen(<History businessId={5} />, { host });
  return { callPage, call, host };
}

const toggle = () => screen.getByRole('button', { name: 'History' });

afterEach(() => vi.restoreAllMocks());

describe('History section', () => {
  it('is collapsed and reads nothing until opened; then lists each revision with its kind, who, when and field changes', async () => {
    const { callPage } = setUp();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('revisions')).toBeNull();
    expect(callPage).not.toHaveBeenCalled();

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const items = await screen.findAllByTestId('revision');
    expect(callPage).toHaveBeenCalledWith('businessHistory', { id: 5, query: { limit: 20, cursor: undefined } }, expect.anything());
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['revert', 'edit']);
    expect(items[0].textContent).toContain('Reverted');
    expect(items[0].textContent).toContain('by admin');
    expect(items[0].textContent).toContain('20/11/2026');
    expect(within(items[0]).getByTestId('revision-change').textContent).toBe('Business Hours monday: 9-5 → —');
    expect(within(items[1]).getByTestId('revision-change').textContent).toBe('Description Old → New');
    expect(items[1].textContent).toContain('by former member');
    // Members do not revert.
    expect(screen.queryByRole('button', { name: 'Revert to this version' })).toBeNull();
  });

  it("'Load more' reads the next page after the cursor, and the list grows", async () => {
    const { callPage } = setUp();
    fireEvent.click(toggle());
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('revision')).toHaveLength(4));
    expect(callPage).toHaveBeenLastCalledWith('businessHistory', { id: 5, query: { limit: 20, cursor: 'next' } }, expect.anything());
    expect(screen.getAllByTestId('revision')[2].textContent).toContain('Added');
    expect(screen.getAllByTestId('revision-author').map((author) => author.getAttribute('data-author'))).toEqual([
      'admin',
      'former_member',
      'member',
      'member',
    ]);
    expect(screen.getAllByTestId('revision-author')[3].textContent).toBe('by admin');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('an admin reverts after confirming; cancelling the confirm sends nothing; the history is read again', async () => {
    const { call, callPage, host } = setUp(admin);
    fireEvent.click(toggle());
    const buttons = await screen.findAllByRole('button', { name: 'Revert to this version' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(buttons[1]);
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(buttons[1]);
    await waitFor(() => expect(call).toHaveBeenCalledWith('revertRevision', { id: 5, secondId: 3 }));
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Reverted to this version'));
    await waitFor(() => expect(callPage.mock.calls.length).toBeGreaterThan(1));
  });

  it("an admin redacts a revision with a reason from its dialog; members see no 'Redact'", async () => {
    const { call, callPage, host } = setUp(admin);
    fireEvent.click(toggle());
    const buttons = await screen.findAllByRole('button', { name: 'Redact' });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]);
    const dialog = screen.getByRole('dialog', { name: 'Redact this version' });
    const submit = within(dialog).getByRole('button', { name: 'Redact' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Home address  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(call).toHaveBeenCalledWith('redactRevision', { id: 5, secondId: 3, body: { reason: 'Home address' } }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Removed from the history'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callPage.mock.calls.length).toBeGreaterThan(1));
  });

  it("a redacted revision reads 'Removed by an admin: <reason>', and a removed value reads as removed", async () => {
    const page = {
      items: [
        revision(4, { changes: [{ field: 'address', before: null, after: '1 Market Street', removed: ['before'] }] }),
        revision(3, { changes: [], redaction: { reason: 'Home address', redacted_at: '2026-11-21T10:00:00.000Z' } }),
      ],
      total: 2,
      nextCursor: null,
    };
    const host = fakeHost({ api: fakeApi({ businessHistory: async () => page }), session: fakeSession(admin) });
    renderScreen(<History businessId={5} />, { host });
    fireEvent.click(toggle());
    expect((await screen.findByTestId('revision-redacted')).textContent).toBe('Removed by an admin: Home address');
    expect(screen.getByTestId('revision-change').textContent).toBe('Address removed by an admin → 1 Market Street');
    // Neither reverted to nor redacted again.
    expect(screen.getAllByRole('button', { name: 'Revert to this version' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Redact' })).toHaveLength(1);
  });
});

describe('History in Arabic', () => {
  it("names the author's role, not the server's English, and writes hours and sources out in Arabic", async () => {
    await Promise.all([preloadMessages('ar'), preloadContractMessages('ar')]);
    const source = { kind: 'In-store sign', date: '2025-06-01', description: 'Sign in the window' };
    const page = {
      items: [
        revision(4, {
          kind: 'revert',
          author: { kind: 'admin' },
          changes: [{ field: 'business_hours', before: { monday: '9-5', friday: '10-4' }, after: null }],
        }),
        revision(3, { author: { kind: 'former_member' }, changes: [{ field: 'proof_of_support', before: null, after: sourcesText([source]) }] }),
        revision(2, { author: { kind: 'member', username: 'admin' } }),
      ],
      total: 3,
      nextCursor: null,
    };
    const host = fakeHost({ api: fakeApi({ businessHistory: async () => page }), language: createLanguageStore('ar') });
    renderScreen(<History businessId={5} />, { host });
    fireEvent.click(await screen.findByRole('button', { name: 'السجلّ' }));
    const authors = await screen.findAllByTestId('revision-author');
    expect(authors.map((author) => author.textContent)).toEqual(['بواسطة مشرف', 'بواسطة عضو سابق', 'بواسطة admin']);
    const changes = screen.getAllByTestId('revision-change');
    expect(changes[0].textContent).toBe('ساعات العمل الاثنين: 9-5 والجمعة: 10-4 → —');
    expect(changes[1].textContent).toBe('دعم فلسطين — → لافتة في المتجر، 2025-06-01: Sign in the window');
  });
});
