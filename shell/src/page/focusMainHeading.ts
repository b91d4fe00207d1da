/** Long enough for a remote's screen to download on a slow line; a page without a heading stops looking then. */
const WAIT_FOR_HEADING_MS = 15_000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  // The page's own scroll (top, or where Back left it) stays as it is.
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * Moves focus to the page's main heading, now or as soon as it is in the page (a remote's screen may still be
 * downloading), so a screen reader announces the new page. Returns a function that stops waiting.
 */
export function focusMainHeadingWhenShown(): () => void {
  if (focusHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  const timer = setTimeout(stop, WAIT_FOR_HEADING_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
