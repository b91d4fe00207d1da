import { useSearchParams } from 'react-router-dom';

/** The parts of /admin's URL that narrow the open queue: `q` (a part of a business's name), `reason` and `field`. */
export type QueueParam = 'q' | 'reason' | 'field';
export const QUEUE_PARAMS: readonly QueueParam[] = ['q', 'reason', 'field'];

/**
 * The open queue's search and filter as the URL holds them, so a reload or a shared link keeps them. A value the
 * queue does not know reads as no filter. Changing them replaces the history entry: Back goes to the previous tab.
 */
export function useQueueParams() {
  const [params, setParams] = useSearchParams();
  const read = <Value extends string>(name: QueueParam, known?: readonly Value[]): Value | undefined => {
    const value = params.get(name) ?? '';
    if (!value) return undefined;
    return !known || known.includes(value as Value) ? (value as Value) : undefined;
  };
  const write = (changes: Partial<Record<QueueParam, string | undefined>>) =>
    setParams(
      (next) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { read, write };
}
