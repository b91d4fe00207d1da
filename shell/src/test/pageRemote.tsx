import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { errorMessage, MESSAGES, type RemoteRootProps } from '@zaytoon/contract/client';
import type { RemoteLoader } from '../remotes/registry';

/** A fake remote whose every screen is a page: a main heading, links to move on, and where it is. */
function PageRemote({ screen, host }: RemoteRootProps) {
  const location = useLocation();
  return (
    <main data-testid="stub-remote" data-screen={screen}>
      <h1>{`${screen} heading`}</h1>
      <output data-testid="location">{location.pathname + location.search}</output>
      <output data-testid="location-state">{JSON.stringify(location.state ?? null)}</output>
      <Link to="/browse">to browse</Link>
      <Link to="/business/5">to business</Link>
      <Link to="/login">to login</Link>
      <Link to="/forgot-password">to forgot password</Link>
      <Link to="/">to home</Link>
      <button type="button" onClick={() => void host.api.call('getBusiness', { id: 5 }).catch(() => {})}>
        read business
      </button>
      <button type="button" onClick={() => void host.api.call('logout').catch(() => {})}>
        log out
      </button>
      <button
        type="button"
        onClick={() =>
          void host.api
            .call('vote', { id: 5, body: { vote_type: 'upvote' } })
            .catch((error) => host.toast.error(errorMessage(error, MESSAGES.voteFailed)))
        }
      >
        vote
      </button>
    </main>
  );
}

export const pageRemoteLoader: RemoteLoader = async () => PageRemote as ComponentType<RemoteRootProps>;
