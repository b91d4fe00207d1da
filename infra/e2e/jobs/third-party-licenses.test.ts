// Every front end serves the licence and copyright notice of the packages it bundles beside its build (Vite's
// build.license): the Hippocratic License of react-leaflet, like MIT and BSD, travels with the code it covers.
import { expect, test } from '../support/test';
import { e2e } from '../support/env';

async function text(url: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

async function remoteFile(remote: 'directory' | 'admin', file: string): Promise<string> {
  const config = (await (await fetch(`${e2e.baseUrl}/runtime-config.json`)).json()) as { remotes: Record<string, string> };
  return new URL(file, config.remotes[remote]).href;
}

test.describe('third-party licence notices', () => {
  test('the directory remote names react-leaflet with its Hippocratic License, and Leaflet with its BSD licence', async () => {
    const notice = await text(await remoteFile('directory', 'third-party-licenses.txt'));
    expect(notice.status).toBe(200);
    expect(notice.type).toMatch(/^text\/plain/);
    expect(notice.body).toMatch(/^## react-leaflet - [\d.]+ \(Hippocratic-2\.1\)$/m);
    expect(notice.body).toContain('Hippocratic License Version Number: 2.1.');
    expect(notice.body).toMatch(/^## leaflet - [\d.]+ \(BSD-2-Clause\)$/m);
  });

  test('the shell and the admin remote name React, the embed Leaflet', async () => {
    const expected: Array<[string, RegExp]> = [
      [`${e2e.baseUrl}/third-party-licenses.txt`, /^## react - [\d.]+ \(MIT\)$/m],
      [await remoteFile('admin', 'third-party-licenses.txt'), /^## react - [\d.]+ \(MIT\)$/m],
      [`${e2e.baseUrl}/embed-third-party-licenses.txt`, /^## leaflet - [\d.]+ \(BSD-2-Clause\)$/m],
    ];
    for (const [url, entry] of expected) {
      const notice = await text(url);
      expect(notice.status, url).toBe(200);
      expect(notice.body, url).toMatch(entry);
    }
  });
});
