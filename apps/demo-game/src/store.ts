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

export async function openStore(dataDir: string | null): Promise<Store> {
  const file = dataDir ? path.join(dataDir, 'demo-game', 'state.json') : null;
  let world: World = seedState();
  if (file) {
    try {
      world = JSON.parse(await fs.readFile(file, 'utf8')) as World;
    } catch {
      await fs.mkdir(path.dirname(file), { recursive: true });
    }
  }
  let queue: Promise<unknown> = Promise.resolve();
  const persist = async () => {
    if (!file) return;
    await fs.writeFile(`${file}.tmp`, JSON.stringify(world));
    await fs.rename(`${file}.tmp`, file);
  };
  return {
    read: () => world,
    change<T>(fn: (w: World) => T): Promise<T> {
      const run = queue.then(async () => {
        const draft = structuredClone(world);
        const result = fn(draft);
        world = draft;
        await persist();
        return result;
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
