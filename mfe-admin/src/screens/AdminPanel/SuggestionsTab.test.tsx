import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeAdminServer, suggestion } from '../../test/fixtures';
import { fakeApi, fakeHost, renderWithHost, routeFake } from '../../test/harness';
import { SuggestionsTab } from './SuggestionsTab';

const cardIds = () => screen.queryAllByTestId('suggestion-card').map((card) => card.dataset.suggestionId);

describe('Suggestions tab', () => {
  it("shows 'No Pending Suggestions' when the queue is empty", async () => {
    renderWithHost(<SuggestionsTab />, fakeHost({ api: fakeAdminServer({}).api }));
    expect((await screen.findByTestId('no-suggestions')).textContent).toContain('No Pending Suggestions');
  });

  it('lists one card per suggestion, each linking to its business, and approves the chosen one', async () => {
    const server = fakeAdminServer({ suggestions: [suggestion(1), suggestion(2, { business_id: 9, business_name: 'Gaza Kitchen' })] });
    const reviewSuggestion = routeFake(server.api, 'reviewSuggestion');
    renderWithHost(<SuggestionsTab />, fakeHost({ api: server.api }));
    await waitFor(() => expect(cardIds()).toEqual(['1', '2']));
    const cards = screen.getAllByTestId('suggestion-card');
    expect(within(cards[1]).getByRole('link', { name: 'Gaza Kitchen' }).getAttribute('href')).toBe('/business/9');
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Approve & Update' }));
    expect(reviewSuggestion).toHaveBeenCalledWith({ id: 1, query: { action: 'approve' } });
  });

  it("says its own load failed, never 'No Pending Suggestions', with 'Try again'", async () => {
    const server = fakeAdminServer({ suggestions: [suggestion(1)] });
    let fail = true;
    const api = fakeApi({
      ...server.routes,
      pendingSuggestions: async (request) => {
        if (fail) throw new ApiError(502, null);
        return server.routes.pendingSuggestions!(request);
      },
    });
    renderWithHost(<SuggestionsTab />, fakeHost({ api }));
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Failed to load pending suggestions');
    expect(screen.queryByTestId('no-suggestions')).toBeNull();
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardIds()).toEqual(['1']));
  });

  it('searches by business name and filters by field through the API', async () => {
    const server = fakeAdminServer({
      suggestions: [
        suggestion(1, { business_name: 'Olive Tree Cafe', field_name: 'phone' }),
        suggestion(2, { business_id: 9, business_name: 'Gaza Kitchen', field_name: 'description' }),
        suggestion(3, { business_id: 10, business_name: 'Gaza Grill', field_name: 'phone' }),
      ],
    });
    const pendingSuggestions = routeFake(server.api, 'pendingSuggestions');
    renderWithHost(<SuggestionsTab />, fakeHost({ api: server.api }));
    await waitFor(() => expect(cardIds()).toEqual(['1', '2', '3']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by business name' }), 'GAZA');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(cardIds()).toEqual(['2', '3']));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Field' }), 'phone');
    await waitFor(() => expect(cardIds()).toEqual(['3']));
    expect(pendingSuggestions).toHaveBeenLastCalledWith({ query: { limit: 20, cursor: undefined, search: 'GAZA', field: 'phone' } });
  });

  it('after the last card of a page is decided, focus moves to the card before it', async () => {
    const server = fakeAdminServer({ suggestions: [suggestion(1), suggestion(2, { business_id: 9 })] });
    renderWithHost(<SuggestionsTab />, fakeHost({ api: server.api }));
    await waitFor(() => expect(cardIds()).toEqual(['1', '2']));
    await userEvent.click(within(screen.getAllByTestId('suggestion-card')[1]).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(cardIds()).toEqual(['1']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('suggestion-card')));
  });
});
