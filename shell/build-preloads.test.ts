import { describe, expect, it } from 'vitest';
import { orderPreloads } from './build-preloads';

const page = (head: string) => `<html><head>\n    <title>Zaytoon</title>\n    ${head}\n</head><body></body></html>`;
const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
const SIZES: Record<string, number> = {
  'assets/early-dep.js': 4_000,
  'assets/tiny.js': 100,
  'assets/react-dom.js': 200_000,
  'assets/router.js': 36_000,
};
const size = (file: string) => SIZES[file] ?? 0;
const hintsOf = (html: string) => [...html.matchAll(/<(link|script)[^>]*(?:href|src)="\/([^"]+)"/g)].map((match) => match[2]);

describe('orderPreloads: the head hints in the order downloads should start (six connections per origin)', () => {
  const html = page(
    [
      '<script type="module" crossorigin src="/assets/early.js"></script>',
      preload('assets/tiny.js'),
      preload('assets/early-dep.js'),
      '<script type="module" crossorigin src="/assets/bootstrap.js"></script>',
      preload('assets/router.js'),
      '<link rel="stylesheet" crossorigin href="/assets/style.css">',
      preload('assets/react-dom.js'),
    ].join('\n    '),
  );
  const ordered = orderPreloads(html, { first: ['assets/early-dep.js'], size });

  it("puts the stylesheet and the early script's imports first, then the largest files, before the bootstrap", () => {
    expect(hintsOf(ordered)).toEqual([
      'assets/early.js',
      'assets/style.css',
      'assets/early-dep.js',
      'assets/react-dom.js',
      'assets/router.js',
      'assets/tiny.js',
      'assets/bootstrap.js',
    ]);
  });

  it('keeps every hint once and the rest of the page as it was', () => {
    expect(ordered.match(/modulepreload/g)).toHaveLength(4);
    expect(ordered.match(/stylesheet/g)).toHaveLength(1);
    expect(ordered).toContain('<title>Zaytoon</title>');
    expect(ordered.endsWith('</head><body></body></html>')).toBe(true);
  });

  it('leaves a page without a module script unchanged', () => {
    const plain = page(preload('assets/tiny.js'));
    expect(orderPreloads(plain, { first: [], size })).toBe(plain);
  });
});
