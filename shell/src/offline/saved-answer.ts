/**
 * The header the service worker adds to a directory answer it gave from its cache because the network did not
 * answer in time: the page then says it shows saved results (issue #16 point 3).
 */
export const SAVED_ANSWER_HEADER = 'X-Zaytoon-Saved-Answer';
