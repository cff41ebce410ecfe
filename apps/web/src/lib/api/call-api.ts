import { type CallDef, type CallInput, type CallOutput, callPath } from '@app/protocol/contract';
import { type Scene, xSourceOfScene } from '@app/protocol/platform';
import { copy } from '../copy';
import { sceneOfPath } from '../platform';
import { storage } from '../storage';
import { eventTrackingHeader } from '../tracking';
import { showToast } from '../ui-bus';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { codecFor, forgetKeys } from './keys';
import { type OpensPage, reactToCode } from './react-to-code';

export interface CallOptions {
  /** Show nothing on a refusal; the caller gets the ApiError. */
  ignoreError?: boolean;
  /** The caller shows the refusal itself (no toast or modal), it still gets the ApiError. */
  catchError?: boolean;
  /** GET check mode: codes 31001/31003/31006/31008 come back without a message. */
  justCheck?: boolean;
  /** The call opens a page's subject: its refusals get that page's modal state (react-to-code.ts). */
  opens?: OpensPage;
  /** Signed but not encrypted (public reads). */
  withOutEncrypt?: boolean;
  /** X-AppId of the game in view; defaults to the last game chosen. */
  appId?: string;
  signal?: AbortSignal;
}

const REQUEST_TIMEOUT_MS = 60_000;

function currentScene(): Scene {
  return sceneOfPath(globalThis.location?.pathname ?? '/') ?? 'h5';
}

function headersFor(scene: Scene, options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-source': xSourceOfScene[scene],
    'x-event-tracking': eventTrackingHeader(),
    'x-user-source': scene === 'web' || scene === 'webpc' ? 'PC' : 'DEFAULT',
  };
  const token = storage.get('token');
  if (token) headers['x-token'] = token;
  const appId = options.appId ?? storage.get('currentAppId');
  if (appId) headers['x-appid'] = appId;
  if (storage.get('X-Env') === 'gray') headers['x-env'] = 'gray';
  return headers;
}

/**
 * Calls one operation of the contract: signs and seals the params, sends them, opens the
 * answer, and reacts to every code of the catalogue unless the caller asked otherwise.
 */
export async function callApi<D extends CallDef>(
  def: D,
  params: CallInput<D>,
  options: CallOptions = {},
): Promise<CallOutput<D>> {
  const scene = currentScene();
  if (globalThis.navigator && globalThis.navigator.onLine === false) {
    if (!options.ignoreError) showToast(copy.networkError, 3000);
    throw new ApiError(NETWORK_ERROR_CODE, copy.networkError);
  }
  // Public reads travel signed but not sealed unless asked: nothing in them is secret, and sealing an
  // answer costs the server one RSA private operation per 117 bytes (docs/decisions/0008).
  const encrypt = !(options.withOutEncrypt ?? (def.access === 'pb' && def.method === 'GET'));
  const codec = await codecFor(xSourceOfScene[scene]).catch(() => {
    throw new ApiError(NETWORK_ERROR_CODE, copy.networkError);
  });
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => timeout.abort());
  let body: { code: string; msg: string; data: unknown };
  try {
    const raw = params as Record<string, unknown>;
    const res =
      def.method === 'GET'
        ? await fetch(`${callPath(def)}?${codec.sealGet(raw, encrypt)}`, {
            headers: headersFor(scene, options),
            signal: timeout.signal,
          })
        : await fetch(callPath(def), {
            method: 'POST',
            headers: headersFor(scene, options),
            body: JSON.stringify(codec.sealPost(raw, encrypt)),
            signal: timeout.signal,
          });
    body = await res.json();
  } catch {
    if (!options.ignoreError && !options.catchError) showToast(copy.networkError, 3000);
    throw new ApiError(NETWORK_ERROR_CODE, copy.networkError);
  } finally {
    clearTimeout(timer);
  }
  if (body.code === '200') return codec.openData(body.data, def.method, encrypt) as CallOutput<D>;
  if (body.code === '10001') forgetKeys();
  if (!options.ignoreError && !options.catchError)
    reactToCode(body.code, body.msg, scene, { justCheck: options.justCheck, opens: options.opens, data: body.data });
  throw new ApiError(body.code, body.msg, body.data);
}
