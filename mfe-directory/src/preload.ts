/**
 * What a host may start fetching before this remote's code has run, for a page that opens on one of its screens
 * (keyed by the contract's app-route screen id): the module that shows the screen, and the API reads it makes first,
 * as same-origin URL templates whose `{param}`s are the app route's params. The build publishes this, with the files
 * each module needs, as `preload.json` beside the remote's manifest (build-kit's remotePreloads). A read left out here
 * only starts later; one listed that the screen no longer makes is fetched for nothing (preload.test.ts holds the two
 * together). Plain data, no imports: the build reads it.
 */
export const SCREEN_PRELOADS = {
  'business-detail': {
    module: 'src/screens/BusinessDetail/BusinessDetailScreen.tsx',
    reads: [
      '/api/businesses/{id}',
      '/api/businesses/{id}/votes',
      '/api/businesses/{id}/comments?limit=20',
      '/api/businesses/{id}/suggestions',
      '/api/businesses/{id}/confirmations',
    ],
  },
} satisfies Record<string, { module: string; reads: string[] }>;
