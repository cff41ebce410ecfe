// Relative: the config bundler leaves workspace packages to Node, which cannot load their .ts.

import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

import { callPath } from '../../../packages/protocol/src/contract.ts';
import { isPcScene, SCENES, xSourceOfScene } from '../../../packages/protocol/src/platform.ts';

/**
 * The first screen without its waterfall (docs/decisions/0010). index.html gets a small inline
 * script that, before the entry has even downloaded,
 * - asks for the chunks (and styles) of the page the address lands on, so they arrive beside the
 *   entry instead of after it;
 * - asks for the scene's clientConfig (the codec keys every call waits for);
 * - on a landing page of a mobile scene, paints the page's frame (nav bar with its title, a
 *   skeleton) with the app's own classes, which React replaces when it mounts.
 */
export interface Landing {
  /** Tested against location.pathname. */
  path: RegExp;
  /** The page module, relative to apps/web. */
  module: string;
  /** The nav bar title the page shows; its query parameter wins when present. */
  title: string;
  titleParam?: string;
}

const CLIENT_CONFIG = callPath({ access: 'pb', scene: 'app', service: 'system', version: 1, call: 'clientConfig' });

function chunkFiles(bundle: OutputBundle, chunk: OutputChunk, skip: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (js.has(c.fileName) || skip.has(c.fileName)) return;
    js.add(c.fileName);
    for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
    for (const f of c.imports) {
      const next = bundle[f];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return { js: [...js].map((f) => `/${f}`), css: [...css].map((f) => `/${f}`) };
}

/** Runs in the page: keep it ES5-small, it is inlined as is. */
function landingScript(
  landings: { path: string; title: string; titleParam?: string; js: string[]; css: string[] }[],
  sources: Record<string, string>,
  mobile: string[],
  configPath: string,
) {
  const d = document;
  const p = location.pathname;
  const add = (rel: string, href: string, as?: string) => {
    const l = d.createElement('link');
    l.rel = rel;
    l.href = href;
    if (as) l.as = as;
    l.crossOrigin = '';
    d.head.appendChild(l);
  };
  const scene = p.split('/')[1] ?? '';
  const source = sources[scene];
  if (source) add('preload', `${configPath}?source=${source}`, 'fetch');
  for (const landing of landings) {
    if (!new RegExp(landing.path).test(p)) continue;
    for (const f of landing.js) add('modulepreload', f);
    for (const f of landing.css) add('preload', f, 'style');
    const root = d.getElementById('root');
    if (root && mobile.indexOf(scene) >= 0) {
      const title =
        (landing.titleParam && new URLSearchParams(location.search).get(landing.titleParam)) || landing.title;
      const shell = d.createElement('div');
      shell.className = 'm-page';
      shell.innerHTML =
        '<header class="m-nav"><div class="m-nav-title"></div></header><main class="m-content"><div style="padding:12px">' +
        '<div class="skeleton" style="height:140px;margin-bottom:12px"></div>' +
        '<div class="skeleton" style="height:96px;margin-bottom:10px"></div>'.repeat(3) +
        '</div></main>';
      (shell.querySelector('.m-nav-title') as HTMLElement).textContent = title;
      root.appendChild(shell);
    }
    break;
  }
}

export function landingShell(landings: Landing[]): Plugin {
  return {
    name: 'landing-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // The entry and its static imports are in index.html already.
        const skip = new Set(entry ? chunkFiles(bundle, entry, new Set()).js.map((f) => f.slice(1)) : []);
        const found = landings.map((l) => {
          // The chunk that holds the page's module (its own, or a group that took it in).
          const isPage = (id: string) => id.replaceAll('\\', '/').endsWith(`/apps/web/${l.module}`);
          const chunk =
            chunks.find((c) => c.facadeModuleId && isPage(c.facadeModuleId)) ??
            chunks.find((c) => c.moduleIds.some(isPage));
          if (!chunk) throw new Error(`landing-shell: no chunk for ${l.module}`);
          return { path: l.path.source, title: l.title, titleParam: l.titleParam, ...chunkFiles(bundle, chunk, skip) };
        });
        const sources = Object.fromEntries(SCENES.map((s) => [s, xSourceOfScene[s]]));
        const mobile = SCENES.filter((s) => !isPcScene(s));
        const args = [found, sources, mobile, CLIENT_CONFIG].map((a) => JSON.stringify(a)).join(',');
        // Right after the root it fills; the entry script (in head) is deferred as every module is.
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('landing-shell: index.html has no empty #root');
        return html.replace(root, `${root}\n    <script>(${landingScript.toString()})(${args})</script>`);
      },
    },
  };
}
