import { afterEach, describe, expect, it, vi } from 'vitest';
import { callHost, hostGameId, moveHost, putFileToHost } from './bridge';

afterEach(() => vi.unstubAllGlobals());

/**
 * An iframe's window whose parent (the host page) answers each bridge message with `answer`, and
 * keeps what it was sent.
 */
function framedWindow(answer: (type: string) => { ok: boolean; result?: unknown; error?: string }) {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const sent: Array<{ channel: string; id: string; type: string; payload?: unknown }> = [];
  const parent = {
    postMessage(message: (typeof sent)[number]) {
      sent.push(message);
      queueMicrotask(() => {
        for (const listener of listeners)
          listener({ data: { channel: 'market-bridge', id: message.id, ...answer(message.type) } });
      });
    },
  };
  const win = {
    parent,
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { data: unknown }) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('window', win);
  return { sent, listeners };
}

describe('the host bridge', () => {
  it('asks an iframe host to close the view or go back to role or server selection', async () => {
    const host = framedWindow(() => ({ ok: true, result: true }));
    expect(await moveHost('closeView')).toBe(true);
    expect(await moveHost('backToSelectRole')).toBe(true);
    expect(await moveHost('backToSelectServer')).toBe(true);
    expect(host.sent.map((m) => [m.channel, m.type])).toEqual([
      ['market-bridge', 'closeView'],
      ['market-bridge', 'backToSelectRole'],
      ['market-bridge', 'backToSelectServer'],
    ]);
    // Each call its own id, and no listener left behind.
    expect(new Set(host.sent.map((m) => m.id)).size).toBe(3);
    expect(host.listeners.size).toBe(0);
  });

  it('answers false when the host refuses, and sends nothing without a host', async () => {
    const host = framedWindow((type) => ({ ok: false, error: `不支持的消息 ${type}` }));
    expect(await moveHost('backToSelectServer')).toBe(false);
    await expect(callHost('closeView')).rejects.toThrow('不支持的消息 closeView');
    expect(host.sent).toHaveLength(2);
    vi.unstubAllGlobals();
    const alone = { parent: undefined as unknown };
    alone.parent = alone;
    vi.stubGlobal('window', alone);
    expect(await moveHost('closeView')).toBe(false);
    expect(await hostGameId()).toBeNull();
  });

  it("asks a native shell's GameBridge, and reads the game's id", async () => {
    const call = vi.fn((type: string) => JSON.stringify(type === 'getGameAppID' ? 'demo-legend' : true));
    vi.stubGlobal('GameBridge', { call });
    expect(await hostGameId()).toBe('demo-legend');
    expect(await moveHost('closeView')).toBe(true);
    expect(call.mock.calls).toEqual([
      ['getGameAppID', 'null'],
      ['closeView', 'null'],
    ]);
    call.mockImplementation(() => JSON.stringify(42));
    expect(await hostGameId()).toBeNull();
  });

  it("stores a picked file through the host's putFileToAliYun and answers the URL it gives", async () => {
    const host = framedWindow(() => ({ ok: true, result: 'http://game.example/demo-game/files/ab12-upload.png' }));
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    const file = new File([bytes], 'IMG 0001.PNG', { type: 'image/png' });
    expect(await putFileToHost(file)).toBe('http://game.example/demo-game/files/ab12-upload.png');
    expect(host.sent).toHaveLength(1);
    const [sent] = host.sent as Array<{ type: string; payload: { name: string; contentBase64: string } }>;
    expect(sent!.type).toBe('putFileToAliYun');
    // A name the host takes ([\w.-]{1,80}) with the file's suffix, and the bytes exactly.
    expect(sent!.payload.name).toMatch(/^upload-[a-z0-9]+\.png$/);
    expect(Buffer.from(sent!.payload.contentBase64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('answers null so the page uploads the normal way: no host, a refusal, an odd answer, too big a file', async () => {
    const small = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    framedWindow(() => ({ ok: false, error: '不支持的消息 putFileToAliYun' }));
    expect(await putFileToHost(small)).toBeNull();
    vi.unstubAllGlobals();
    framedWindow(() => ({ ok: true, result: 'javascript:alert(1)' }));
    expect(await putFileToHost(small)).toBeNull();
    vi.unstubAllGlobals();
    const host = framedWindow(() => ({ ok: true, result: 'http://game.example/x.png' }));
    expect(await putFileToHost(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png'))).toBeNull();
    expect(host.sent).toHaveLength(0);
    vi.unstubAllGlobals();
    const alone = { parent: undefined as unknown };
    alone.parent = alone;
    vi.stubGlobal('window', alone);
    expect(await putFileToHost(small)).toBeNull();
  });
});
