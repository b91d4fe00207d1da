import { defineMessages } from '@zaytoon/web-kit';
import english from './locales/en.json';

export type ShellMessage = keyof typeof english;

export const { useMessages, preloadMessages } = defineMessages(
  english,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);
