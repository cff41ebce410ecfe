import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { utf8 } from './base64';

/**
 * The request layer's hashes, on @noble/hashes: synchronous and pure JS, so they work in every web
 * view, including the plain-http pages of game shells where `crypto.subtle` does not exist.
 * HMAC-SHA1 signs requests and MD5 the statistics service's (PROTOCOL.md fixes both): integrity and
 * replay guards, never secrecy.
 */
export const toHex = (bytes: Uint8Array): string => bytesToHex(bytes);

export const hmacSha1Hex = (secret: string, message: string): string =>
  bytesToHex(hmac(sha1, utf8.encode(secret), utf8.encode(message)));

export const md5Hex = (text: string): string => bytesToHex(md5(utf8.encode(text)));
