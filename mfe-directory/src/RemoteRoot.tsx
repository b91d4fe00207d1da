import type { RemoteRootProps, ScreenId } from '@zaytoon/contract/client';
import { lazyComponent, trackSettlement } from '@zaytoon/web-kit';

// The federation plugin builds the exposed module as an entry whose exports are fixed: code that /browse shares with the
// later screens could not join its chunk and was split into many small ones. The app is a chunk of its own, which
// that code joins (docs/decisions/0062-remote-root-and-chunks.md).
const app = import('./DirectoryApp');
const loadedApp = trackSettlement(app.then((module) => module.DirectoryApp));
const DirectoryApp = lazyComponent(() => loadedApp);

/** Exposed as `zaytoon_directory/App`: the shell renders it for every directory route, once `prepare` has settled. */
export default function DirectoryRemoteRoot(props: RemoteRootProps) {
  return <DirectoryApp {...props} />;
}

/** The host calls this, and waits, before its first render of one of this remote's screens (see `prepareScreen`). */
export async function prepare(screen?: ScreenId): Promise<void> {
  await (await app).prepareScreen(screen);
  await loadedApp;
}
