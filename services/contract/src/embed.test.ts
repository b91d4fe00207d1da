import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl, readEmbedOptions } from './embed';

describe('the embeddable map URL', () => {
  it('reads city, category and view, leaving out empty values and "all"; the view is the map unless list is asked for', () => {
    expect(readEmbedOptions('?city=%20London%20&category=all&view=list')).toEqual({ city: 'London', category: undefined, view: 'list' });
    expect(readEmbedOptions('?view=table')).toEqual({ city: undefined, category: undefined, view: 'map' });
  });

  it('writes an absolute URL on the given origin with its values URL-encoded', () => {
    const url = embedUrl('https://zaytoon.example', { city: 'St Albans & Co', category: 'Café/Bakery', view: 'list' });
    expect(url).toBe('https://zaytoon.example/embed?city=St+Albans+%26+Co&category=Caf%C3%A9%2FBakery&view=list');
    expect(readEmbedOptions(new URL(url).search)).toEqual({ city: 'St Albans & Co', category: 'Café/Bakery', view: 'list' });
    expect(embedUrl('http://localhost:8080/browse?x=1', { city: 'all', view: 'map' })).toBe('http://localhost:8080/embed?view=map');
  });

  it("escapes the snippet's attributes: a title or URL cannot close the attribute or the tag", () => {
    const snippet = embedSnippet('https://z.example/embed?city=a&view=map', 'Map of "x" <y>');
    expect(snippet).toBe(
      '<iframe src="https://z.example/embed?city=a&amp;view=map" title="Map of &quot;x&quot; &lt;y&gt;" width="100%" height="600" style="border:0" loading="lazy"></iframe>',
    );
  });
});
