/**
 * A brand's name or typed text in the form the server's brand search compares (SQL search_fold: accents and case
 * set aside), so the client keeps the brands the server found for the text: 'nestle' still names Nestlé.
 */
export const foldName = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
