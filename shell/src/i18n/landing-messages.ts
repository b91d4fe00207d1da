import { addEnglish } from './messages';
import landingWords from './locales/en.landing.json';

/** The landing page's words: its English comes with the landing page's own chunk, not with every page's first load. */
export const useLandingMessages = addEnglish(landingWords);
