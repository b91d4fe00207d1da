import { defineMessages } from '@zaytoon/web-kit';
import shellWords from './locales/en.json';

/**
 * The shell's own words (page titles, spinners, a remote that fails): every page's first load. The landing page's
 * English comes with it (`./landing-messages`). A translation is one file, downloaded whole.
 */
export const {
  useMessages,
  preloadMessages,
  addEnglish,
  messagesNow: shellMessagesNow,
} = defineMessages(shellWords, import.meta.glob(['./locales/*.json', '!./locales/en.json', '!./locales/en.*.json'], { import: 'default' }));
