import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Window scroll positions of this tab's directory history entries, by react-router location key. */
const positions = new Map<string, number>();
const MAX_REMEMBERED = 50;

/**
 * Remembers how far the window was scrolled on each history entry of the directory, and says where it
 * was for the entry being shown now (null for an entry never seen, e.g. a new visit or a shared link).
 * The shell scrolls to the top on every route change; Back from a business then puts the list back.
 */
export function useScrollMemory(): number | null {
  const { key } = useLocation();
  const keyRef = useRef(key);
  useLayoutEffect(() => {
    keyRef.current = key;
  }, [key]);
  const [initial] = useState(() => positions.get(key) ?? null);

  // A layout effect: its cleanup runs as the list leaves the page, before the browser can report the
  // scroll that the shorter page causes (a passive cleanup may come after it and save that instead).
  useLayoutEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.delete(keyRef.current);
        positions.set(keyRef.current, window.scrollY);
        if (positions.size > MAX_REMEMBERED) positions.delete(positions.keys().next().value as string);
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, []);

  return initial;
}
