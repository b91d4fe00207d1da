/** Cuts text to `length` characters and adds '...' when it was longer (SPEC §2: 80 in popups, 120 in lists). */
export function truncate(text: string, length: number): string {
  return text.length > length ? text.slice(0, length) + '...' : text;
}

/** '+3', '0', '-2': SPEC shows a plus sign for positive scores. */
export function formatScore(score: number): string {
  return score > 0 ? `+${score}` : String(score);
}

/** 'N business' or 'N businesses'. */
export function pluralBusinesses(count: number): string {
  return `${count} ${count === 1 ? 'business' : 'businesses'}`;
}
