/**
 * The front door's service worker, registered when the page has loaded and the browser is idle, so
 * its install (the shell's files, fetched to be kept) never competes with the page's own downloads. The federation's
 * bootstrap runs this module late, often after the load event.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(register) : setTimeout(register));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
