import type { PlainMessageCode } from '@zaytoon/contract/client';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { EmptyPage } from './EmptyPage';

/**
 * A mailed link's page when it did not do what it says: why in the server's words (else `failure`'s), or
 * `noToken`'s when the link carries no token at all.
 */
export function MailedLinkFailed({
  failure,
  noToken,
  token,
  error,
  testId,
}: {
  failure: PlainMessageCode;
  noToken: PlainMessageCode;
  token: string;
  error: unknown;
  testId: string;
}) {
  const message = useContractMessages();
  const errorText = useErrorText();
  return <EmptyPage title={message(failure)} message={token ? errorText(error, failure) : message(noToken)} testId={testId} />;
}
