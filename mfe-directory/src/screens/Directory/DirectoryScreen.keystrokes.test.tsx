import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { business, fakeApi, fakeHost, renderScreen } from '../../test/harness';
import * as model from './directoryModel';
import { DirectoryScreen } from './DirectoryScreen';

vi.mock('./directoryModel', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./directoryModel')>();
  return { ...actual, groupByCity: vi.fn(actual.groupByCity) };
});

describe('directory with many businesses', () => {
  it('does not render the list again while the user types (only when the debounced answer arrives)', async () => {
    const list = Array.from({ length: 2000 }, (_, index) => business({ id: index + 1, name: `Business ${index}`, city: `City ${index % 40}` }));
    const api = fakeApi({ listBusinesses: async () => list });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('city-group');
    const rendersBeforeTyping = vi.mocked(model.groupByCity).mock.calls.length;
    const search = screen.getByPlaceholderText('Search businesses...');
    for (const text of ['o', 'ol', 'oli', 'oliv', 'olive']) fireEvent.change(search, { target: { value: text } });
    expect(screen.getByTestId('chip-search').textContent).toBe('Search: olive ×');
    expect(vi.mocked(model.groupByCity).mock.calls.length).toBe(rendersBeforeTyping);
  });
});
