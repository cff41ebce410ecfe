/** The customer-service console's API (/ops/v1): plain JSON in the envelope, the console key as a bearer token. */
export const OPS_KEY_STORAGE = 'opsKey';

export class OpsError extends Error {}

export async function opsFetch<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const key = sessionStorage.getItem(OPS_KEY_STORAGE) ?? '';
  let res: Response;
  try {
    res = await fetch(`/ops/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${key}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new OpsError('网络异常，请稍后重试');
  }
  const answer = (await res.json().catch(() => null)) as { code: string; msg: string; data: T } | null;
  if (!answer) throw new OpsError(`服务异常（${res.status}）`);
  if (answer.code !== '200') throw new OpsError(answer.msg || '操作失败');
  return answer.data;
}

export const opsKeys = {
  refused: ['ops', 'refused'] as const,
};
