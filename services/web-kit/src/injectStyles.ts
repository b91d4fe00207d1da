/**
 * Remote CSS travels inside the JS module (Vite `?inline`) and is added to the
 * host page once, so it works from any origin without the host knowing our assets.
 */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
