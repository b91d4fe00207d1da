import { Parser } from 'htmlparser2';

export interface PageArchive {
  title: string | null;
  /** The page's visible text, whitespace collapsed, at most excerptMaxBytes of UTF-8. */
  excerpt: string | null;
}

/** Elements whose text is not what a reader sees. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'select', 'textarea']);
/** Elements that end a run of text: their words must not run into the next ones. */
const BREAKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The longest start of `text` that is at most `maxBytes` in UTF-8, cut between characters. */
export function cutToUtf8Bytes(text: string, maxBytes: number): string {
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}

/** The title and visible text of an HTML page, for the archive of a source whose page may later die. */
export function archiveHtml(html: string, limits: { titleMaxLength: number; excerptMaxBytes: number }): PageArchive {
  let title: string | null = null;
  let inTitle = false;
  let hiddenDepth = 0;
  const text: string[] = [];
  // Collapsing shrinks text; four times the bytes wanted is plenty to fill the excerpt.
  let textLength = 0;
  const enough = limits.excerptMaxBytes * 4;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hiddenDepth++;
        else if (name === 'title' && title === null && hiddenDepth === 0) inTitle = true;
        else if (BREAKS.has(name)) text.push(' ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        else if (name === 'title' && inTitle) {
          inTitle = false;
          title ??= '';
        } else if (BREAKS.has(name)) text.push(' ');
      },
      ontext(data) {
        if (inTitle) title = (title ?? '') + data;
        else if (hiddenDepth === 0 && textLength < enough) {
          text.push(data);
          textLength += data.length;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  const cleanTitle = collapse(title ?? '').slice(0, limits.titleMaxLength);
  const excerpt = cutToUtf8Bytes(collapse(text.join('')), limits.excerptMaxBytes).trim();
  return { title: cleanTitle || null, excerpt: excerpt || null };
}

/** A text page's archive: no title, its text as the excerpt. */
export function archiveText(body: string, limits: { excerptMaxBytes: number }): PageArchive {
  const excerpt = cutToUtf8Bytes(collapse(body.slice(0, limits.excerptMaxBytes * 4)), limits.excerptMaxBytes).trim();
  return { title: null, excerpt: excerpt || null };
}
