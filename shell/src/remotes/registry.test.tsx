import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackSettlement } from '@zaytoon/web-kit';
import { createRemoteRegistry } from './registry';

const Root = () => <p>remote root</p>;

function renderRoot(registry: ReturnType<typeof createRemoteRegistry>) {
  const Component = registry.get('directory');
  render(
    <Suspense fallback={<p>loading</p>}>
      <Component host={undefined as never} screen="directory" />
    </Suspense>,
  );
}

describe('createRemoteRegistry', () => {
  it('renders a root that has already arrived at once, without a fallback', async () => {
    const arrived = trackSettlement(Promise.resolve(Root));
    await arrived;
    renderRoot(createRemoteRegistry(() => arrived));
    expect(screen.getByText('remote root')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback while the root downloads', async () => {
    renderRoot(createRemoteRegistry(() => trackSettlement(new Promise((resolve) => setTimeout(() => resolve(Root), 10)))));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('remote root')).toBeTruthy();
  });
});
