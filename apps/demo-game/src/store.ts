import fs from 'node:fs/promises';
import path from 'node:path';
import type { World } from './model';
import { seedState } from './seed';

/**
 * The game's state: in memory, written to `dataDir/demo-game/state.json` after each change
 * (temp file + rename). Changes run one at a time through a queue, so no two interleave, and a
 * change that throws leaves the state as it was (it works on a copy).
 */
export interface Store {
  read(): World;
  change<T>(fn: (world: World) => T): Promise<T>;
}

/** Partner answers kept for idempotency this long. */
const REQUEST_MEMORY_MS = 7 * 86_400_000;

/** Fills fields that older state files lack, so a data folder survives an upgrade of the game. */
function normalise(world: World): World {
  const seed = seedState();
  world.blacklist ??= seed.blacklist;
  world.requests ??= {};
  world.transfers ??= {};
  world.keys ??= [];
  world.tokens ??= [];
  for (const server of world.servers) {
    server.masterServerName ??= seed.servers.find((s) => s.id === server.id)?.masterServerName ?? server.masterServerId;
  }
  for (const role of world.roles) {
    role.prePublishLock ??= null;
    if (role.frozenBy?.startsWith('prepublish:')) role.frozenBy = null;
  }
  return world;
}

export async function openStore(dataDir: string | null, now: () => number = Date.now): Promise<Store> {
  const file = dataDir ? path.join(dataDir, 'demo-game', 'state.json') : null;
  let world: World = seedState();
  if (file) {
    try {
      world = normalise(JSON.parse(await fs.readFile(file, 'utf8')) as World);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.mkdir(path.dirname(file), { recursive: true });
    }
  }
  let queue: Promise<unknown> = Promise.resolve();
  const persist = async () => {
    if (!file) return;
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, JSON.stringify(world));
    await fs.rename(temp, file);
  };
  const prune = (w: World) => {
    const t = now();
    // Expired tokens stay a day, so a partner hears TOKEN_EXPIRED rather than TOKEN_INVALID.
    w.tokens = w.tokens.filter((x) => t - x.expiresAt < 86_400_000);
    w.keys = w.keys.filter((k) => k.expiresAt > t);
    for (const [id, r] of Object.entries(w.requests)) if (t - r.at > REQUEST_MEMORY_MS) delete w.requests[id];
  };
  return {
    read: () => world,
    change<T>(fn: (w: World) => T): Promise<T> {
      const run = queue.then(async () => {
        const draft = structuredClone(world);
        const result = fn(draft);
        prune(draft);
        world = draft;
        await persist();
        return result;
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
