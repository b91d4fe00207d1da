import type { SocialNetwork } from '@zaytoon/contract/client';
import { openingPageLanguage } from '@zaytoon/web-kit';
import { preloadContractMessages } from '@zaytoon/web-kit/contract-messages';
import { addEnglish } from './list-messages';
import screenWords from './locales/en.screens.json';

/** Every screen's words: the list's, and the later screens' English, which comes with this module (never on /browse's first load). */
export const useMessages = addEnglish(screenWords);

// The later screens show the contract's messages too (toasts, confirmations, labels): a screen's module is ready once
// they are in in the page's language, so the screen never shows them in English first.
await preloadContractMessages(openingPageLanguage());

export type DirectoryMessage = Parameters<ReturnType<typeof useMessages>>[0];

export { localeOf, preloadMessages, useCount, useLocale } from './list-messages';

/** Brand names: the same in every language. */
export const SOCIAL_LABELS: Record<SocialNetwork, string> = { facebook: 'Facebook', twitter: 'Twitter/X', instagram: 'Instagram' };
