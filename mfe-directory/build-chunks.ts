// eslint-disable-next-line import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions/0028-code-conventions.md)
import { CONTRACT_CONSTANT_MODULES } from '../services/contract/src/federation';

/**
 * One chunk for what /browse runs (the remote's own code, the contract's client, TanStack Query)
 * instead of a dozen small chunks shared with the lazy screens: fewer requests on the first visit.
 * What only a lazy screen, the map, a dialog or the logout uses stays out, in their own chunks (a
 * module missing from LAZY_ONLY only adds its bytes to the first load: bench:frontend shows them). The contract's
 * translations (i18n/locales) come with the screens that show its messages (web-kit's contract-messages). A CSS Module is JS
 * here (injectedCssModules: `X.module.css.injected.js`), so it goes where its component's path says.
 */
const LAZY_ONLY =
  /mfe-directory\/src\/(i18n\/(locales\/(?!en\.json)|weekdays|messages\.)|screens\/(?!Directory\/)|features\/(?!directory\/)|features\/directory\/api\/(get-business|get-map-tiles|get-unmapped-businesses)\.|map\/|ui\/(Modal|logOut|LoginRequired|FormError|PasswordField|SubmitButton|forms\.module\.css)|lib\/requestError)|services\/contract\/src\/((messages|limits|embed|open-data|format\/describe-value|opening-hours|i18n\/(message-codes|contract-catalogs|contract-labels))\.ts|i18n\/locales\/)|@tanstack\/(react-query\/build\/modern\/useMutation|query-core\/build\/modern\/mutationObserver)\./;
const FIRST_LOAD = /mfe-directory\/src\/|services\/contract\/src\/|node_modules\/@tanstack\/(react-query|query-core|react-virtual|virtual-core)\//;

/** The exposed root keeps a chunk of its own: pulled into the group, it would leave behind a re-export chunk the manifest does not list. */
const EXPOSED = /mfe-directory\/src\/RemoteRoot\.tsx$/;

export const FIRST_LOAD_CHUNK = {
  name: 'browse',
  // Module federation's own virtual modules (shared-module loaders) keep the chunks it gives them.
  test: (id: string) => !id.startsWith('\0') && !id.includes('__mf') && FIRST_LOAD.test(id) && !LAZY_ONLY.test(id) && !EXPOSED.test(id),
};

/**
 * The opening-hours parser (issue #16), which /browse's rows (their status line) and the business page use: a chunk of
 * its own, fetched beside /browse's first chunk. It imports nothing, so the group takes nothing else along.
 */
export const OPENING_HOURS_CHUNK = {
  name: 'opening-hours',
  test: (id: string) => /services\/contract\/src\/opening-hours\.ts$/.test(id),
};

/**
 * The contract's messages, their codes and form limits, which only the screens after /browse's list read, in a chunk
 * of their own: left to the bundler, they join /browse's first chunk, which every screen loads before its own (the list
 * reads first-load-messages.ts and directory-limits.ts instead).
 */
export const SCREENS_CONTRACT_CHUNK = {
  name: 'screens-contract',
  test: (id: string) => CONTRACT_CONSTANT_MODULES.test(id),
};

/**
 * What two or more of the later screens, dialogs and the map share (the screens' messages, forms, mutations, the
 * business reads), in one chunk: left to the bundler, they were a dozen small chunks, and a business page opened cold
 * fetched 22 files from the remote, over HTTP/1.1's six connections a few round trips more than the 12 it fetches now.
 */
export const SCREENS_SHARED_CHUNK = {
  name: 'screens-shared',
  test: (id: string) => !id.startsWith('\0') && !id.includes('__mf') && FIRST_LOAD.test(id) && !EXPOSED.test(id),
  minShareCount: 2,
};
