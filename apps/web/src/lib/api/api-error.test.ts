import { describe, expect, it } from 'vitest';
import { ApiError, isFailedRequest, NETWORK_ERROR_CODE } from './api-error';

describe('isFailedRequest: a failure reads as 网络异常, only a refusal of the catalogue as a business state', () => {
  it('takes no answer, a server failure or a code outside the catalogue as a failed request', () => {
    expect(isFailedRequest(new ApiError(NETWORK_ERROR_CODE, '网络异常'))).toBe(true);
    expect(isFailedRequest(new ApiError('10000', '系统繁忙，请稍后再试'))).toBe(true);
    expect(isFailedRequest(new ApiError('502', 'Bad Gateway'))).toBe(true);
    expect(isFailedRequest(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('keeps the refusals that say something about the thing asked for', () => {
    expect(isFailedRequest(new ApiError('30001', '商品不存在'))).toBe(false);
    expect(isFailedRequest(new ApiError('10003', 'AppId异常'))).toBe(false);
    expect(isFailedRequest(new ApiError('40001', '订单不存在'))).toBe(false);
  });
});
