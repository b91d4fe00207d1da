import { useMemo, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What a link from the directory to a business carries in its history entry: the directory's URL as it was. */
export interface CameFromDirectory {
  directory: string;
}

const DIRECTORY_PATHS = ['/browse', '/dashboard'];

function isDirectoryUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0];
  return DIRECTORY_PATHS.includes(path);
}

/** The directory URL a history entry's state says the visitor came from, else null (arrived directly). */
export function cameFromDirectory(state: unknown): string | null {
  const directory = (state as Partial<CameFromDirectory> | null)?.directory;
  return typeof directory === 'string' && isDirectoryUrl(directory) ? directory : null;
}

/** The state a link from the directory gives the page it opens: where 'Back to Directory' returns (filters, view, map). */
export function useFromDirectoryState(): CameFromDirectory {
  const { pathname, search } = useLocation();
  return useMemo(() => ({ directory: pathname + search }), [pathname, search]);
}

/**
 * 'Back to Directory'. Came from the directory: the browser's Back, so the directory comes back with its filters, view
 * and scroll position (useScrollMemory restores the scroll of that history entry); its URL is the link's address for a
 * new tab. Arrived directly: the plain directory.
 */
export function useBackToDirectory(): { to: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void } {
  const { state } = useLocation();
  const navigate = useNavigate();
  const previous = cameFromDirectory(state);
  return {
    to: previous ?? '/dashboard',
    onClick: (event) => {
      if (!previous || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(-1);
    },
  };
}
