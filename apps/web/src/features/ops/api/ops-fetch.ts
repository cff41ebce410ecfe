/**
 * The customer-service console's API (/ops/v1): plain JSON in the envelope, the staff session's
 * token as a bearer token (kept for this browser tab only). A refusal that means the session is
 * gone (60001) forgets the token and tells the console to show the login page.
 */
const SESSION_KEY = 'opsSession';
const SESSION_LOST = '60001';

export class OpsError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export const opsSession = {
  token: () => sessionStorage.getItem(SESSION_KEY),
  set(token: string) {
    sessionStorage.setItem(SESSION_KEY, token);
  },
  /** Forgets the session; `why` is what the login page then says. */
  clear(why: string) {
    sessionStorage.removeItem(SESSION_KEY);
    for (const listener of lostListeners) listener(why);
  },
};

const lostListeners = new Set<(why: string) => void>();
/** Called when the server says the session is over (expired, revoked, staff disabled). */
export function onSessionLost(listener: (why: string) => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

/** The refusal that means the console session is over (expired, logged out, revoked, staff disabled). */
export const isSessionLost = (error: unknown): boolean => error instanceof OpsError && error.code === SESSION_LOST;

/**
 * A query's polling every `ms`, until the console session is over: a tab that lost it stops asking
 * (each ask would be one more 401) and says so instead. Other failures (the network) keep polling.
 */
export const pollWhileSignedIn =
  (ms: number) =>
  (query: { state: { error: Error | null } }): number | false =>
    isSessionLost(query.state.error) ? false : ms;

export async function opsFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown } = {},
): Promise<T> {
  const token = opsSession.token();
  let res: Response;
  try {
    res = await fetch(`/ops/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new OpsError('网络异常，请稍后重试', 'network');
  }
  const answer = (await res.json().catch(() => null)) as { code: string; msg: string; data: T } | null;
  if (!answer) throw new OpsError(`服务异常（${res.status}），请稍后重试`, String(res.status));
  if (answer.code !== '200') {
    if (answer.code === SESSION_LOST && token) opsSession.clear(answer.msg);
    throw new OpsError(answer.msg || '操作失败', answer.code);
  }
  return answer.data;
}

export const opsKeys = {
  all: ['ops'] as const,
  me: ['ops', 'me'] as const,
  cases: ['ops', 'cases'] as const,
  support: ['ops', 'support'] as const,
  supportCase: (requestId: string) => ['ops', 'support', 'case', requestId] as const,
  audit: (order: string, page: number) => ['ops', 'audit', order, page] as const,
  staff: ['ops', 'staff'] as const,
};
