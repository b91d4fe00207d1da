import { screen, within } from '@testing-library/react';
import { renderWithHost } from '../../test/harness';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { suggestion } from '../../test/fixtures';
import { SuggestionCard } from './SuggestionCard';

const renderCard = (props: Parameters<typeof SuggestionCard>[0]) =>
  renderWithHost(
    <ul>
      <SuggestionCard {...props} />
    </ul>,
  );

describe('suggestion card (SPEC §2 Suggestions tab)', () => {
  it("an add_missing suggestion: field label, 'Add Missing', date, business, values, reason, suggester", () => {
    renderCard({ suggestion: suggestion(1), onReview: vi.fn() });
    const card = screen.getByTestId('suggestion-card');
    expect(within(card).getByTestId('field-badge').textContent).toBe('Phone');
    expect(within(card).getByTestId('type-badge').textContent).toBe('Add Missing');
    expect(card.textContent).toContain('05/03/2024');
    expect(within(card).getByRole('heading').textContent).toBe('Olive Tree Cafe');
    expect(within(card).getByTestId('current-value').textContent).toBe('Empty');
    expect(within(card).getByTestId('suggested-value').textContent).toBe('0113 111 1111');
    expect(card.textContent).toContain('Reason:new number');
    expect(card.textContent).toContain('Suggested by: sami');
  });

  it("any other type reads 'Edit Existing'; a missing business name reads 'Unknown Business', a deleted suggester 'former member'", () => {
    renderCard({
      suggestion: suggestion(2, {
        suggestion_type: 'edit_existing',
        business_name: null,
        field_name: 'proof_of_support',
        current_value: 'old link',
        suggested_value: 'new link',
        suggester_username: null,
      }),
      onReview: vi.fn(),
    });
    const card = screen.getByTestId('suggestion-card');
    expect(within(card).getByTestId('type-badge').textContent).toBe('Edit Existing');
    expect(within(card).getByTestId('field-badge').textContent).toBe('Palestine Support');
    expect(within(card).getByRole('heading').textContent).toBe('Unknown Business');
    expect(within(card).getByTestId('current-value').textContent).toBe('old link');
    expect(within(card).getByTestId('suggested-value').textContent).toBe('new link');
    expect(card.textContent).toContain('Suggested by: former member');
  });

  it('shows business hours and social media values as readable pairs', () => {
    renderCard({
      suggestion: suggestion(3, { field_name: 'business_hours', suggested_value: '{"monday":"9-5","sunday":"Closed"}' }),
      onReview: vi.fn(),
    });
    expect(screen.getByTestId('suggested-value').textContent).toBe('monday: 9-5, sunday: Closed');
    expect(screen.getByTestId('field-badge').textContent).toBe('Business Hours');
  });

  it('shows a suggested source of proof of support as its kind, date, description and link', () => {
    const source = { kind: 'Public statement', url: 'https://olive.example/statement', description: 'Statement of solidarity', date: '2025-11-02' };
    renderCard({ suggestion: suggestion(5, { field_name: 'proof_of_support', suggested_value: JSON.stringify(source) }), onReview: vi.fn() });
    expect(screen.getByTestId('suggested-value').textContent).toBe(
      'Public statement, 2025-11-02: Statement of solidarity (https://olive.example/statement)',
    );
    expect(screen.getByRole('button', { name: 'Approve & Update' })).toBeTruthy();
  });

  it('hides the reason line when there is none', () => {
    renderCard({ suggestion: suggestion(4, { reason: '' }), onReview: vi.fn() });
    expect(screen.getByTestId('suggestion-card').textContent).not.toContain('Reason:');
  });

  it('Reject and Approve & Update call back with the action', async () => {
    const onReview = vi.fn(async () => {});
    renderCard({ suggestion: suggestion(1), onReview });
    await userEvent.click(screen.getByRole('button', { name: 'Approve & Update' }));
    expect(onReview).toHaveBeenCalledWith('approve');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReview).toHaveBeenLastCalledWith('reject');
  });
});
