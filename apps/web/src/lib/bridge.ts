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
