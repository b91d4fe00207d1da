/**
 * The messages code on a page's first load shows (the shell, the directory's list): a module of their own (bundlers place a
 * module whole in one chunk), so that download does not carry the rest of MESSAGES. SPEC is silent on both (docs/decisions/0025-screens.md).
 */
export const FIRST_LOAD_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  directoryLoadFailed: 'Could not load businesses',
} as const;
