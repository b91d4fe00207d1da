import { afterEach, beforeEach } from 'vitest';

/** jsdom lays nothing out: gives every map of the calling test file a size (800 x 500), so bounds, zooms and fitBounds mean something. */
export function withMapSize(): void {
  const sizes = {
    clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
    clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
  };
  beforeEach(() => {
    Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 800 });
    Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 500 });
  });
  afterEach(() => {
    for (const [name, descriptor] of Object.entries(sizes)) if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
  });
}
