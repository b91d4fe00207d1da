import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// aliased to src/test/fake-federation-runtime.ts in vitest.config.ts
import * as fake from '@module-federation/runtime';
import { fetchManifest, loadRemoteRoot, prefetchRemoteRoot, registerRuntimeRemotes, REMOTE_ANSWER_TIMEOUT_MS } from './federation';

const runtime = fake as unknown as typeof import('../test/fake-federation-runtime');

describe('runtime remotes', () => {
  beforeEach(() => runtime.__resetFakeFederation());

  it('registers the URLs from runtime config as ESM remotes', () => {
    registerRuntimeRemotes({ directory: 'http://d.test/mf-manifest.json', admin: 'http://a.test/mf-manifest.json' });
    expect(runtime.__registeredRemotes()).toEqual([
      { name: 'zaytoon_directory', alias: 'directory', entry: 'http://d.test/mf-manifest.json', type: 'module' },
      { name: 'zaytoon_admin', alias: 'admin', entry: 'http://a.test/mf-manifest.json', type: 'module' },
    ]);
  });

  it("loads a remote's exposed root component", async () => {
    registerRuntimeRemotes({ directory: 'http://d.test/mf-manifest.json' });
    const Root = () => null;
    runtime.__setFakeRemoteModule('zaytoon_directory/App', { default: Root });
    expect(await loadRemoteRoot('directory')).toBe(Root);
  });

  it("waits for the remote's prepare, told the screen the page opens on, before handing its root over", async () => {
    registerRuntimeRemotes({ directory: 'http://d.test/mf-manifest.json' });
    window.history.replaceState(null, '', '/business/42');
    const Root = () => null;
    let finish = () => {};
    const prepare = vi.fn((_screen?: string) => new Promise<void>((resolve) => (finish = resolve)));
    runtime.__setFakeRemoteModule('zaytoon_directory/App', { default: Root, prepare });
    let handed: unknown;
    const load = loadRemoteRoot('directory').then((root) => (handed = root));
    await vi.waitFor(() => expect(prepare).toHaveBeenCalledWith('business-detail'));
    await Promise.resolve();
    expect(handed).toBeUndefined();
    finish();
    await load;
    expect(handed).toBe(Root);
    window.history.replaceState(null, '', '/');
  });

  it("tells a remote no screen when the page opens on another's", async () => {
    registerRuntimeRemotes({ admin: 'http://a.test/mf-manifest.json' });
    window.history.replaceState(null, '', '/browse');
    const prepare = vi.fn(async () => {});
    runtime.__setFakeRemoteModule('zaytoon_admin/App', { default: () => null, prepare });
    await loadRemoteRoot('admin');
    expect(prepare).toHaveBeenCalledWith(undefined);
    window.history.replaceState(null, '', '/');
  });

  it('rejects when the remote cannot be loaded', async () => {
    registerRuntimeRemotes({ directory: 'http://d.test/mf-manifest.json' });
    await expect(loadRemoteRoot('directory')).rejects.toThrow();
  });

  it('hands a download started early to the next load, once', async () => {
    registerRuntimeRemotes({ directory: 'http://d.test/mf-manifest.json' });
    const Early = () => null;
    const Later = () => null;
    runtime.__setFakeRemoteModule('zaytoon_directory/App', { default: Early });
    prefetchRemoteRoot('directory');
    runtime.__setFakeRemoteModule('zaytoon_directory/App', { default: Later });
    expect(await loadRemoteRoot('directory')).toBe(Early);
    expect(await loadRemoteRoot('directory')).toBe(Later);
  });

  it('hands over an early download that has arrived as settled, so its first render need not suspend', async () => {
    registerRuntimeRemotes({ directory: 'http://d.test/mf-manifest.json' });
    const Early = () => null;
    runtime.__setFakeRemoteModule('zaytoon_directory/App', { default: Early });
    prefetchRemoteRoot('directory');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const download = loadRemoteRoot('directory');
    expect(download.status).toBe('fulfilled');
    expect(download.value).toBe(Early);
  });

  it('lets a failed early download fail the route, and the retry download afresh', async () => {
    registerRuntimeRemotes({ directory: 'http://d.test/mf-manifest.json' });
    prefetchRemoteRoot('directory');
    await expect(loadRemoteRoot('directory')).rejects.toThrow();
    const Root = () => null;
    runtime.__setFakeRemoteModule('zaytoon_directory/App', { default: Root });
    expect(await loadRemoteRoot('directory')).toBe(Root);
  });

  describe('a remote that does not answer', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('fails its load once REMOTE_ANSWER_TIMEOUT_MS have passed, as a remote that is down; Try again loads afresh', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      registerRuntimeRemotes({ admin: 'http://a.test/mf-manifest.json' });
      runtime.__setFakeRemoteModule('zaytoon_admin/App', new Promise(() => {}));
      let outcome = 'pending';
      loadRemoteRoot('admin').then(
        () => (outcome = 'loaded'),
        (error: Error) => (outcome = error.message),
      );
      await vi.advanceTimersByTimeAsync(REMOTE_ANSWER_TIMEOUT_MS - 1);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBe(`The admin remote did not answer within ${REMOTE_ANSWER_TIMEOUT_MS} ms`);

      const Root = () => null;
      runtime.__setFakeRemoteModule('zaytoon_admin/App', { default: Root });
      expect(await loadRemoteRoot('admin')).toBe(Root);
    });

    it("gives up on a manifest the server does not send at the load's deadline, aborting the request (the runtime then forgets it)", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const signals: AbortSignal[] = [];
      vi.stubGlobal(
        'fetch',
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => {
            signals.push(init.signal!);
            init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
          }),
      );
      registerRuntimeRemotes({ admin: 'http://a.test/mf-manifest.json' });
      runtime.__setFakeRemoteModule('zaytoon_admin/App', new Promise(() => {}));
      const load = loadRemoteRoot('admin');
      load.catch(() => undefined);
      // What the runtime does while it loads the remote: it reads the manifest through the shell's hook.
      const manifest = fetchManifest('http://a.test/mf-manifest.json');
      manifest.catch(() => undefined);
      await vi.advanceTimersByTimeAsync(REMOTE_ANSWER_TIMEOUT_MS - 1);
      expect(signals).toHaveLength(1);
      expect(signals[0].aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signals[0].aborted).toBe(true);
      await expect(manifest).rejects.toThrow(`The admin remote did not answer within ${REMOTE_ANSWER_TIMEOUT_MS} ms`);
      await expect(load).rejects.toThrow(`The admin remote did not answer within ${REMOTE_ANSWER_TIMEOUT_MS} ms`);
    });

    it('hands over a manifest that answers in time', async () => {
      const answer = new Response('{}');
      vi.stubGlobal('fetch', async () => answer);
      expect(await fetchManifest('http://a.test/mf-manifest.json')).toBe(answer);
    });
  });
});
