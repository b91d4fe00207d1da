/**
 * The translations of the contract's messages, ICU MessageFormat by code, a loader per language as
 * `import.meta.glob` gives them (web-kit's `defineMessages`): a page downloads only its language's file, and only
 * when a screen shows a contract message. English is messages.ts.
 */
export const CONTRACT_CATALOG_LOADERS: Record<string, () => Promise<unknown>> = {
  './locales/ar.json': () => import('./locales/ar.json').then((module) => module.default),
  './locales/ur.json': () => import('./locales/ur.json').then((module) => module.default),
  './locales/cy.json': () => import('./locales/cy.json').then((module) => module.default),
};
