import type { TestApp } from './helpers';

/** The customer-service console's API (/ops/v1) over inject, as a staff member would call it. */
export interface OpsAnswer<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
}

export interface OpsRequest {
  token?: string;
  body?: unknown;
  /** The caller's address (login limits count per address). */
  from?: string;
}

export function opsApi(t: TestApp) {
  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: OpsRequest = {},
  ): Promise<OpsAnswer<T>> => {
    const res = await t.app.inject({
      method,
      url: `/ops/v1${url}`,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
      remoteAddress: options.from ?? '127.0.0.1',
    });
    return { status: res.statusCode, ...(res.json() as Omit<OpsAnswer<T>, 'status'>) };
  };
  return {
    call,
    /** A staff session's token (fails the test when the login is refused). */
    async login(username: string, password: string, extra: { totp?: string; from?: string } = {}): Promise<string> {
      const res = await call<{ token: string }>('POST', '/login', {
        body: { username, password, ...(extra.totp ? { totp: extra.totp } : {}) },
        from: extra.from ?? '127.0.0.1',
      });
      if (res.code !== '200') throw new Error(`staff login ${username}: ${res.code} ${res.msg}`);
      return res.data.token;
    },
    /** A new staff member made by the demo admin; answers their id and a session token. */
    async staffMember(username: string, role: 'cs' | 'operator' | 'finance' | 'admin', displayName = username) {
      const admin = await this.login('ops-admin', 'demo-ops-123');
      const password = 'pass-word-123';
      const made = await call<{ id: string }>('POST', '/staff', {
        token: admin,
        body: { username, displayName, role, password },
      });
      if (made.code !== '200') throw new Error(`create staff ${username}: ${made.code} ${made.msg}`);
      return { id: made.data.id, password, token: await this.login(username, password) };
    },
  };
}
