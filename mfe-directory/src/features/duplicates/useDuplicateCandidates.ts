import { useQuery } from '@tanstack/react-query';
import type { DuplicateCandidate } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useDebounced } from '../../lib/useDebounced';
import { getDuplicateCandidatesQueryOptions } from './api/get-duplicate-candidates';

/** The check waits for the member to pause typing this long. */
export const DUPLICATE_CHECK_DELAY_MS = 400;
/** Names shorter than this match too much to be worth a warning. */
const MIN_NAME_LENGTH = 3;
/** A UK postcode (SW1A 1AA) or its district (SW1A), spaces and case aside. */
const POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?(\s*[0-9][A-Z]{2})?$/i;

/** Listed businesses the one being added may duplicate, once the name and a postcode are typed (empty otherwise). */
export function useDuplicateCandidates(name: string, postcode: string, enabled: boolean): DuplicateCandidate[] {
  const { api } = useHost();
  const typed = useDebounced(`${name.trim()}\n${postcode.trim()}`, DUPLICATE_CHECK_DELAY_MS);
  const [settledName, settledPostcode] = typed.split('\n');
  const ready = enabled && settledName.length >= MIN_NAME_LENGTH && POSTCODE.test(settledPostcode);
  const candidates = useQuery({ ...getDuplicateCandidatesQueryOptions(api, settledName, settledPostcode), enabled: ready });
  return ready ? (candidates.data ?? []) : [];
}
