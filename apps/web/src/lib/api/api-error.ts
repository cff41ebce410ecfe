/** A refused call: the envelope's code and message, or '-1' for a network failure. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_CODE = '-1';

/**
 * Whether a refusal says nothing about the thing asked for: no answer came (offline, timeout, a
 * broken connection), or the server failed (10000, or a code outside the catalogue such as a
 * proxy's 5xx). A page shows such a failure as 网络异常 with 重试, never as a business state
 * (商品已下架, 不存在…), which only a code of the catalogue may bring.
 */
export function isFailedRequest(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === NETWORK_ERROR_CODE || error.code === '10000' || !/^[1-9]\d{4}$/.test(error.code);
}
