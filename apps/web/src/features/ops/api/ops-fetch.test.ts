import { describe, expect, it } from 'vitest';
import { OpsError, pollWhileSignedIn } from './ops-fetch';

describe("the workbench's polling", () => {
  it('stops once the console session is over, and keeps on through a network failure', () => {
    const every10s = pollWhileSignedIn(10_000);
    expect(every10s({ state: { error: null } })).toBe(10_000);
    expect(every10s({ state: { error: new OpsError('网络异常，请稍后重试', 'network') } })).toBe(10_000);
    expect(every10s({ state: { error: new OpsError('您的角色无权处理订单', '60004') } })).toBe(10_000);
    expect(every10s({ state: { error: new OpsError('登录已过期，请重新登录', '60001') } })).toBe(false);
  });
});
