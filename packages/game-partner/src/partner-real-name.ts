import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The real-name check of the partner API (docs/game-partner-api.md, "/account/real-name"): the
 * exchange asks whether a game account's registered real name and ID number are the exchange's
 * verified ones, and neither side hands the other a name. Both compute keyed hashes with a key
 * derived from the game's partner secret (one key per game), of the values normalized alike.
 */
export interface RealNameHashes {
  nameHash: string;
  idCardHash: string;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('partner-real-name-v1').digest();

export function realNameHashes(secret: string, person: { name: string; idCard: string }): RealNameHashes {
  const key = keyOf(secret);
  const hash = (label: string, value: string) => createHmac('sha256', key).update(`${label}:${value}`).digest('hex');
  return {
    nameHash: hash('name', person.name.normalize('NFC').trim()),
    idCardHash: hash('id-card', person.idCard.trim().toUpperCase()),
  };
}

/** Whether two pairs of hashes are equal (in constant time). */
export function sameRealName(a: RealNameHashes, b: RealNameHashes): boolean {
  const eq = (x: string, y: string) => x.length === y.length && timingSafeEqual(Buffer.from(x), Buffer.from(y));
  return eq(a.nameHash, b.nameHash) && eq(a.idCardHash, b.idCardHash);
}
