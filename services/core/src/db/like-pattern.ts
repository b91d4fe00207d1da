/** `value` as the literal middle of a LIKE pattern: its wildcards and the escape character match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => '\\' + character);
}
