import { parse, type Token } from '@messageformat/parser';

/** The text of an ICU message with nothing to fill in; undefined when it has placeholders, plurals or selects. */
export function plainText(message: string): string | undefined {
  const tokens = parse(message);
  return tokens.every((token) => token.type === 'content') ? tokens.map((token) => token.value).join('') : undefined;
}

/** The literal parts of an ICU message, its plural and select forms' too: the words it shows besides the values. */
export function literalTexts(message: string): string[] {
  const texts = (tokens: Token[]): string[] =>
    tokens.flatMap((token) => (token.type === 'content' ? [token.value] : 'cases' in token ? token.cases.flatMap((form) => texts(form.tokens)) : []));
  return texts(parse(message));
}
