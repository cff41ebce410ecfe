import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What a page's first screen would ask first, sent inside the page itself (decision 0082): the web
 * puts each entry in its query cache before its first render, so the first screen draws without
 * waiting for the call (and the call's key exchange). Public data only: the page is the same for
 * everyone, it holds nothing of a session.
 */
export interface PageDatum {
  /** The web's query key (apps/web/src/lib/queries). */
  key: readonly (string | number | null)[];
  /** The call's answer, as the call itself would answer it (its `data`). */
  data: unknown;
}

/** An image the first screen shows (the largest one): asked for by the page's head, with the scripts. */
export interface PageData {
  entries: PageDatum[];
  preloadImage?: string | undefined;
}

/** One module's data for the pages it knows (the market: the home's banners). */
export interface PageDataSource {
  /** Tested against the path, without the query. */
  path: RegExp;
  load(path: string): Promise<PageData>;
}

/**
 * JSON made safe inside `<script type="application/json">`: no `<` (so no `</script>` nor `<!--`),
 * `>` and `&` as escapes too, and U+2028/U+2029 escaped. JSON.parse reads the escapes back to the
 * same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const ATTRIBUTE = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' } as const;
const attribute = (s: string) => s.replace(/[&"<>']/g, (c) => ATTRIBUTE[c as keyof typeof ATTRIBUTE]);
/** A path on this site or an http(s) address: nothing else is worth a preload (nor safe to name). */
const IMAGE_URL = /^(\/(?![/\\])|https?:\/\/)[^\s]*$/i;

/** The page with its data: the data block right after the root, the image's preload in the head. */
export function pageWithData(html: string, data: PageData): string {
  let page = html;
  if (data.entries.length > 0) {
    const root = '<div id="root"></div>';
    const block = `<script type="application/json" id="page-data">${jsonForScript(data.entries)}</script>`;
    if (page.includes(root)) page = page.replace(root, `${root}\n    ${block}`);
  }
  if (data.preloadImage && IMAGE_URL.test(data.preloadImage) && page.includes('</head>'))
    page = page.replace(
      '</head>',
      `  <link rel="preload" as="image" fetchpriority="high" href="${attribute(data.preloadImage)}">\n  </head>`,
    );
  return page;
}

/** A built page in the encodings a browser asks for. */
export interface BuiltPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function compressPage(html: string): BuiltPage {
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

/**
 * The pages of the sources, their data read at every request (as the calls they stand for would
 * be: an edit shows on the next load). Only the compression is kept, while the page comes out the
 * same. A source that fails gives the page without data (the web then asks as it always did).
 */
export function pageBuilder(
  sources: readonly PageDataSource[],
  readPage: () => string,
  onError: (error: unknown) => void,
) {
  const last = new Map<string, { html: string; page: BuiltPage }>();
  return {
    /** The source's page for the path, or null when no source knows it. */
    async pageFor(path: string): Promise<BuiltPage | null> {
      const source = sources.find((s) => s.path.test(path));
      if (!source) return null;
      const data = await source.load(path).catch((error: unknown): PageData => {
        onError(error);
        return { entries: [] };
      });
      const html = pageWithData(readPage(), data);
      const held = last.get(path);
      if (held?.html === html) return held.page;
      const page = compressPage(html);
      // The sources' paths are few (a page of each scene); the bound only keeps a mistake small.
      if (last.size >= 64) last.clear();
      last.set(path, { html, page });
      return page;
    },
  };
}
