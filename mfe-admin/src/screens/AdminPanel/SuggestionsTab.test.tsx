import { screen, within } from '@testing-library/react';
import { renderWithHost } from '../../test/harness';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { suggestion } from '../../test/fixtures';
import { SuggestionsTab } from './SuggestionsTab';

describe('Suggestions tab', () => {
  it("shows 'No Pending Suggestions' when the queue is empty", () => {
    renderWithHost(<SuggestionsTab suggestions={[]} onReview={vi.fn()} />);
    expect(screen.getByTestId('no-suggestions').textContent).toContain('No Pending Suggestions');
  });

  it('lists one card per suggestion and passes the suggestion with the action', async () => {
    const onReview = vi.fn(async () => {});
    renderWithHost(<SuggestionsTab suggestions={[suggestion(1), suggestion(2)]} onReview={onReview} />);
    const cards = screen.getAllByTestId('suggestion-card');
    expect(cards).toHaveLength(2);
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Approve & Update' }));
    expect(onReview).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 'approve');
  });
});
