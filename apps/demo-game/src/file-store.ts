import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type GameProfile, gameDataDir, LEGEND } from './profiles';

/** Files the game keeps (putFileToAliYun uploads, screenshot snapshots): memory, or `dataDir/demo-game/[gameId/]files`. */
export interface FileStore {
  /** Stores the bytes and answers the file's id (its name under /files/). */
  put(name: string, bytes: Buffer): Promise<string>;
  get(id: string): Promise<{ type: string; bytes: Buffer } | null>;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};
export const SAFE_NAME = /^[\w.-]{1,80}$/;
const typeOf = (id: string) => TYPES[id.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export function openFileStore(dataDir: string | null, profile: GameProfile = LEGEND): FileStore {
  const dir = dataDir ? path.join(dataDir, ...gameDataDir(profile), 'files') : null;
  const memory = new Map<string, Buffer>();
  return {
    async put(name, bytes) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name ${name}`);
      const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}-${name}`;
      if (!dir) memory.set(id, bytes);
      else {
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, `${id}.tmp`), bytes);
        await fs.rename(path.join(dir, `${id}.tmp`), path.join(dir, id));
      }
      return id;
    },
    async get(id) {
      if (!/^[\w-]+-[\w.-]{1,80}$/.test(id)) return null;
      const bytes = dir ? await fs.readFile(path.join(dir, id)).catch(() => null) : (memory.get(id) ?? null);
      return bytes ? { type: typeOf(id), bytes } : null;
    },
  };
}
