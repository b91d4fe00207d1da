/** What the three front ends share at run time: the host context and the style delivery. Each app bundles its own copy. */
export { HostProvider, useHost, useSession } from './host';
export { injectStyles } from './injectStyles';
export { lazyComponent, trackSettlement, type TrackedPromise } from './lazyComponent';
export { defineMessages, openingPageLanguage, useLanguage, type MessageValues, type Translate } from './i18n';
export { LanguageMenu } from './LanguageMenu';
