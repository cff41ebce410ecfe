import { afterEach, describe, expect, it, vi } from 'vitest';
import { callHost, hostGameId, moveHost } from './bridge';

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
});
