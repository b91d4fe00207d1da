import { Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazyNamed';

const Hello = () => <p>hello</p>;

async function renderUntilShown(Component: ComponentType): Promise<void> {
  render(
    <Suspense fallback={null}>
      <Component />
    </Suspense>,
  );
  await screen.findByText('hello');
}

describe('lazyNamed', () => {
  it('preload() starts the one download the first render then uses', async () => {
    const load = vi.fn(async () => ({ Hello }));
    const LazyHello = lazyNamed(load, 'Hello');
    LazyHello.preload();
    LazyHello.preload();
    await renderUntilShown(LazyHello);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload, so the render downloads afresh', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Hello });
    const LazyHello = lazyNamed(load as () => Promise<{ Hello: typeof Hello }>, 'Hello');
    LazyHello.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await renderUntilShown(LazyHello);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders a preloaded component at once: no fallback, so React has nothing to hold back', async () => {
    const LazyHello = lazyNamed(async () => ({ Hello }), 'Hello');
    LazyHello.preload();
    await act(async () => {});
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyHello />
      </Suspense>,
    );
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback while a download is still under way', async () => {
    const LazyHello = lazyNamed(async () => ({ Hello }), 'Hello');
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyHello />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello')).toBeTruthy();
  });
});
