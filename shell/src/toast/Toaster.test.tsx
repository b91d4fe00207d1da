import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { createToastStore } from './toastStore';

describe('toasts', () => {
  it('shows messages in a role="status" region and lets the user dismiss them', async () => {
    const store = createToastStore(0);
    render(<Toaster store={store} />);
    act(() => {
      store.toaster.success('Successfully logged in!');
      store.toaster.error('Login failed');
    });
    const region = screen.getByRole('status');
    expect([...region.querySelectorAll('[data-testid="toast"]')].map((toast) => toast.getAttribute('data-kind'))).toEqual(['success', 'error']);
    // The browser tests find a toast's text by this unscoped class (infra/e2e/{admin,directory}/helpers.ts).
    expect([...region.querySelectorAll('.toast__message')].map((message) => message.textContent)).toEqual([
      'Successfully logged in!',
      'Login failed',
    ]);
    expect(region.textContent).toContain('Successfully logged in!');
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]);
    expect(region.textContent).not.toContain('Successfully logged in!');
  });

  it('says one thing once: the same message of the same kind is not shown twice at a time', () => {
    const store = createToastStore(0);
    store.toaster.error('Your session has expired. Please log in again.');
    store.toaster.error('Your session has expired. Please log in again.');
    store.toaster.success('Your session has expired. Please log in again.');
    expect(store.getState().toasts.map((toast) => toast.kind)).toEqual(['error', 'success']);
    store.getState().dismiss(store.getState().toasts[0].id);
    store.toaster.error('Your session has expired. Please log in again.');
    expect(store.getState().toasts.map((toast) => toast.kind)).toEqual(['success', 'error']);
  });

  it('hides toasts after a while', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore(1000);
      store.toaster.info('hello');
      expect(store.getState().toasts).toHaveLength(1);
      vi.advanceTimersByTime(1001);
      expect(store.getState().toasts).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
