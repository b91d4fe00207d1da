/** The front door's service worker (issue #16 point 3), registered once the page has loaded so it never competes with it. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
