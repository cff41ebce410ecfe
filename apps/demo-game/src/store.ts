import fs from 'node:fs/promises';
import path from 'node:path';
import type { World } from './model';
import { type GameProfile, gameDataDir, LEGEND } from './profiles';
import { seedState } from './seed';

/**
 * The game's state: in memory, written to `dataDir/demo-game/state.json` (other profiles:
 * `dataDir/demo-game/<gameId>/state.json`) after each change
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
function normalise(world: World, profile: GameProfile): World {
  const seed = seedState(profile);
  world.blacklist ??= seed.blacklist;
  world.requests ??= {};
  world.transfers ??= {};
  world.keys ??= [];
  world.tokens ??= [];
  for (const server of world.servers) {
    server.masterServerName ??= seed.servers.find((s) => s.id === server.id)?.masterServerName ?? server.masterServerId;
  }
  // Accounts added to the seed later (the market sellers) join an older world with their roles.
  const known = new Set(world.accounts.map((a) => a.id));
  const roleIds = new Set(world.roles.map((r) => r.id));
  const itemIds = new Set(world.roles.flatMap((r) => r.items.map((i) => i.id)));
  const joining = seed.accounts.filter((a) => !known.has(a.id));
  const joiningIds = new Set(joining.map((a) => a.id));
  const newRoles = seed.roles.filter((r) => joiningIds.has(r.accountId));
  if (newRoles.every((r) => !roleIds.has(r.id) && r.items.every((i) => !itemIds.has(i.id)))) {
    world.accounts.push(...joining);
    world.roles.push(...newRoles);
  }
  for (const role of world.roles) {
    role.prePublishLock ??= null;
    if (role.frozenBy?.startsWith('prepublish:')) role.frozenBy = null;
  }
  return world;
}

export async function openStore(
  dataDir: string | null,
  now: () => number = Date.now,
  profile: GameProfile = LEGEND,
): Promise<Store> {
  const file = dataDir ? path.join(dataDir, ...gameDataDir(profile), 'state.json') : null;
  let world: World = seedState(profile);
  if (file) {
    try {
      world = normalise(JSON.parse(await fs.readFile(file, 'utf8')) as World, profile);
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
