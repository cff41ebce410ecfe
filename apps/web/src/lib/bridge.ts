/**
 * The host bridge (docs/host-bridge.md): the SDK view asks its host — the game page that embeds
 * it in an iframe, or a native shell's injected `GameBridge` object — and waits for the answer.
 */
export type BridgeMessage =
  | 'closeView'
  | 'getGameInfoJson'
  | 'getGameAppID'
  | 'gotoBrowser'
  | 'backToSelectRole'
  | 'backToSelectServer'
  | 'screenshots'
  | 'checkSecurityZone'
  | 'putFileToAliYun'
  | 'getGameLoginSuccessTimes';

const BRIDGE_TIMEOUT_MS = 5000;

interface NativeBridge {
  call(type: string, payloadJson: string): string | Promise<string>;
}

export function hasHost(): boolean {
  const g = globalThis as { GameBridge?: NativeBridge; parent?: Window };
  return Boolean(g.GameBridge) || (typeof window !== 'undefined' && window.parent !== window);
}

export function callHost<T = unknown>(
  type: BridgeMessage,
  payload?: unknown,
  timeoutMs = BRIDGE_TIMEOUT_MS,
): Promise<T> {
  const native = (globalThis as { GameBridge?: NativeBridge }).GameBridge;
  if (native)
    return Promise.resolve(native.call(type, JSON.stringify(payload ?? null))).then((text) => JSON.parse(text) as T);
  if (typeof window === 'undefined' || window.parent === window) return Promise.reject(new Error('没有宿主'));
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      reject(new Error(`宿主未响应 ${type}`));
    }, timeoutMs);
    function onMessage(event: MessageEvent) {
      const msg = event.data as { channel?: string; id?: string; ok?: boolean; result?: T; error?: string };
      if (msg?.channel !== 'market-bridge' || msg.id !== id) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      if (msg.ok) resolve(msg.result as T);
      else reject(new Error(msg.error ?? type));
    }
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ channel: 'market-bridge', id, type, payload }, '*');
  });
}

/** What the host does on its side when asked: close the view, or close it and show role or server selection. */
export type HostMove = 'closeView' | 'backToSelectRole' | 'backToSelectServer';

/**
 * Asks the host to close the view (返回游戏) or to go back to role or server selection (docs/host-bridge.md);
 * answers whether it did. Without a host (a browser tab) nothing happens and the page stays.
 */
export function moveHost(move: HostMove): Promise<boolean> {
  if (!hasHost()) return Promise.resolve(false);
  return callHost<unknown>(move).then(
    () => true,
    () => false,
  );
}

/** The game's id as the host knows it (getGameAppID), or null without a host or an answer. */
export function hostGameId(): Promise<string | null> {
  if (!hasHost()) return Promise.resolve(null);
  return callHost<unknown>('getGameAppID').then(
    (id) => (typeof id === 'string' && id ? id : null),
    () => null,
  );
}

/** The host's putFileToAliYun takes a name of `[\w.-]{1,80}` and at most 5 MB (docs/host-bridge.md). */
const HOST_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Stores a picked file through the host's putFileToAliYun (the game keeps it) and answers the URL
 * the host gives; null without a host, for a file over its limit, or when the host refuses or does
 * not answer within `timeoutMs`, so the caller uploads the normal way instead.
 */
export async function putFileToHost(file: File, timeoutMs = 60_000): Promise<string | null> {
  if (!hasHost() || file.size > HOST_FILE_MAX_BYTES) return null;
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const name = `upload-${Date.now().toString(36)}${suffix ? `.${suffix}` : ''}`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return callHost<unknown>('putFileToAliYun', { name, contentBase64: btoa(binary) }, timeoutMs).then(
    (url) => (typeof url === 'string' && /^https?:\/\//.test(url) ? url : null),
    () => null,
  );
}
