import { useErrorText } from '@zaytoon/web-kit/contract-messages';

/**
 * The server's refusal of a typed postcode, in its own words (the contract's message for its code) in the page's
 * language. Its own chunk: the contract's messages stay out of /browse's first load until a postcode is refused.
 */
export function PostcodeProblem({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return errorText(error, 'postcodeUnknown');
}
