import type { ClientCodecV2 } from '@app/protocol/codec/client';
import { type CallDef, type CallInput, type CallOutput, callPath } from '@app/protocol/contract';
import { isGameScene, type Scene, xSourceOfScene } from '@app/protocol/platform';
import { copy } from '../copy';
import { paths } from '../paths';
import { sceneOfPath } from '../platform';
import { noteServerDate } from '../server-clock';
import { storage } from '../storage';
import { eventTrackingHeader } from '../tracking';
import { showModal, showToast } from '../ui-bus';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { codecFor, forgetKeys, REQUEST_TIMEOUT_MS } from './keys';
import type { OpensPage, ReactOptions } from './react-to-code';

export interface CallOptions {
  /** Show nothing on a refusal; the caller gets the ApiError. */
  ignoreError?: boolean;
  /** The caller shows the refusal itself (no toast or modal), it still gets the ApiError. */
  catchError?: boolean;
  /** GET check mode: codes 31001/31003/31006/31008 come back without a message. */
  justCheck?: boolean;
  /** The call opens a page's subject: its refusals get that page's modal state (react-to-code.ts). */
  opens?: OpensPage;
  /** X-AppId of the game in view; defaults to the last game chosen. */
  appId?: string;
  signal?: AbortSignal;
}

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
 * The reactions to refusals (and the error catalogue they read) load with the first refusal: no
 * page needs them to paint, and the first screen has the codec's ciphers to carry instead
 * (docs/decisions/0024). Should that load fail, the server's message is still shown.
 */
async function react(body: { code: string; msg: string }, scene: Scene, options: ReactOptions): Promise<void> {
  let reactToCode: typeof import('./react-to-code').reactToCode;
  try {
    ({ reactToCode } = await import('./react-to-code'));
  } catch {
    showToast(body.msg || copy.networkError);
    return;
  }
  reactToCode(body.code, body.msg, scene, options);
}

/** What a session call without a session answers (the server's own word for it is 50000). */
export const NO_SESSION_CODE = '50000';

/**
 * A call that needs a session, asked by a visitor who has none, outside the game scenes (whose
 * session the game's login brings, maybe after the page's first calls): it is not sent, and
 * instead of 登录超时 (he never logged in) the visitor is asked to log in, coming back here.
 */
function askToLogIn(scene: Scene): void {
  const here = `${globalThis.location.pathname}${globalThis.location.search}`;
  showModal({
    id: 'loginFirst',
    content: copy.loginFirst,
    buttons: [
      { text: copy.cancel },
      { text: copy.goLogin, primary: true, onClick: () => globalThis.location.assign(paths.login(scene, here)) },
    ],
  });
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
  if (def.access === 'df' && !isGameScene(scene) && !storage.get('token')) {
    if (!options.ignoreError && !options.catchError) askToLogIn(scene);
    throw new ApiError(NO_SESSION_CODE, copy.loginFirst);
  }
  // The bootstrap failing (no answer in 60 s, a broken answer) is a network failure like any other.
  const codec = await codecFor(xSourceOfScene[scene]).catch(() => {
    if (!options.ignoreError && !options.catchError) showToast(copy.networkError, 3000);
    throw new ApiError(NETWORK_ERROR_CODE, copy.networkError);
  });
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => timeout.abort());
  // Every call, public reads included, in codec version 2: a key of its own seals the params and
  // the answer, which only this request can open (docs/decisions/0024), kept for a while under a
  // key ticket (decision 0077).
  const raw = params as Record<string, unknown>;
  const send = async (sealed: ReturnType<ClientCodecV2['get']> | ReturnType<ClientCodecV2['post']>) => {
    const headers = { ...headersFor(scene, options), ...sealed.headers };
    try {
      const res =
        'query' in sealed
          ? await fetch(`${callPath(def)}?${sealed.query}`, { headers, signal: timeout.signal })
          : await fetch(callPath(def), {
              method: 'POST',
              headers,
              body: JSON.stringify(sealed.body),
              signal: timeout.signal,
            });
      noteServerDate(res.headers?.get('date'), Date.now());
      const answer = (await res.json()) as { code: string; msg: string; data: unknown };
      sealed.settle(answer);
      return answer;
    } catch {
      sealed.settle(null);
      if (!options.ignoreError && !options.catchError) showToast(copy.networkError, 3000);
      throw new ApiError(NETWORK_ERROR_CODE, copy.networkError);
    }
  };
  const seal = () => (def.method === 'GET' ? codec.get(raw) : codec.post(raw));
  let sealed = seal();
  let body: { code: string; msg: string; data: unknown };
  try {
    body = await send(sealed);
    // A ticket the server no longer knows (lapsed, used up, another process without it): the same
    // call once more, sealed afresh without it (PROTOCOL.md: never a refused plain one again).
    if (body.code === '10001' && sealed.ticketed) {
      sealed = seal();
      body = await send(sealed);
    }
  } finally {
    clearTimeout(timer);
  }
  if (body.code === '200') return sealed.open(body.data) as CallOutput<D>;
  if (body.code === '10001') forgetKeys();
  if (!options.ignoreError && !options.catchError)
    await react(body, scene, { justCheck: options.justCheck, opens: options.opens, data: body.data });
  throw new ApiError(body.code, body.msg, body.data);
}
