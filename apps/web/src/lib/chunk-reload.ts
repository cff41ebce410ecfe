/**
 * A page's code is loaded when first opened (route-level chunks). The load fails when the network
 * is gone or a deploy removed the old chunk names the open tab still asks for: the page reloads
 * once to pick up the new build; a second failure at the same address shows the error page.
 */

const KEY = 'chunkReloadOf';

/** A dynamic import or its preload that failed (Chromium, Firefox, Safari and Vite's own wording). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    error.message,
  );
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether a failure at this address may still reload the page (not yet tried in this tab). */
export function mayReloadFor(address: string): boolean {
  try {
    const store = session();
    return store !== null && store.getItem(KEY) !== address;
  } catch {
    return false;
  }
}

/**
 * Reloads the page for this address unless it was already reloaded for it in this tab: answers
 * true when a reload was started. Without session storage it never reloads (it could not tell a
 * loop).
 */
export function reloadOnceFor(address: string, reload: () => void = () => globalThis.location.reload()): boolean {
  const store = session();
  if (!store) return false;
  try {
    if (store.getItem(KEY) === address) return false;
    store.setItem(KEY, address);
  } catch {
    return false;
  }
  reload();
  return true;
}

/** A page that loaded: a later failure there may reload once again. */
export function forgetChunkReload(address: string): void {
  try {
    if (session()?.getItem(KEY) === address) session()?.removeItem(KEY);
  } catch {
    // storage refused: nothing was kept either
  }
}

/** Page loading (platform-shell §9): the loading view after 2 s, a timeout after 10 s, a chunk given up after 120 s. */
export const PAGE_LOADING_DELAY_MS = 2000;
export const PAGE_LOADING_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A chunk that has not arrived in time: the same error as a failed one (reload once, then the error page). */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** The page's code, or a ChunkLoadError when it has not arrived within `ms`. */
export function loadWithTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}
