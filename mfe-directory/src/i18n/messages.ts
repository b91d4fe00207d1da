import type { SocialNetwork } from '@zaytoon/contract/client';
import { addEnglish } from './list-messages';
import screenWords from './locales/en.screens.json';

/** Every screen's words: the list's, and the later screens' English, which comes with this module (never on /browse's first load). */
export const useMessages = addEnglish(screenWords);

export type DirectoryMessage = Parameters<ReturnType<typeof useMessages>>[0];

export { localeOf, preloadMessages, useCount, useLocale } from './list-messages';

/** Brand names: the same in every language. */
export const SOCIAL_LABELS: Record<SocialNetwork, string> = { facebook: 'Facebook', twitter: 'Twitter/X', instagram: 'Instagram' };
