import type { CallDef } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { describe, expect, it } from 'vitest';
import { sessionAhead } from '../src/platform/auth/sessions';
import { AppError } from '../src/platform/errors';
import { answeredConfirmed } from '../src/platform/http/register-call';

// The guard of registerCallReadingSession (decision 0081): a handler reading its caller's session
// in its own statement must confirm it before it answers or refuses anything of the business.
const def = { operationId: 'test.readingSession' } as CallDef;
const live = { user_id: 7, expires_at: new Date(Date.now() + 60_000), revoked_at: null };
const ended = { user_id: 7, expires_at: new Date(Date.now() - 1), revoked_at: null };
const uidOf = async (id: number) => (id === 7 ? 'U7' : undefined);
const callerOf = () => sessionAhead('a-token', uidOf);

describe('a handler that reads its own session', () => {
  it('answers once it confirmed a live session', async () => {
    const caller = callerOf();
    const data = await answeredConfirmed(def, caller, async () => ({ userId: await caller.confirm(live) }));
    expect(data).toEqual({ userId: 7 });
    expect(caller.confirmed).toBe(7);
  });

  it("sends the session's own refusal as it is (nothing read, ended, revoked)", async () => {
    for (const row of [undefined, ended, { ...live, revoked_at: new Date() }]) {
      const caller = callerOf();
      await expect(answeredConfirmed(def, caller, () => caller.confirm(row))).rejects.toMatchObject({
        code: ErrorCode.LOGIN_EXPIRED,
      });
      expect(caller.confirmed).toBeUndefined();
    }
  });

  it('turns an answer given before the confirmation into a fault of the server', async () => {
    const caller = callerOf();
    const answer = answeredConfirmed(def, caller, async () => ({ secret: 'the listing' }));
    await expect(answer).rejects.not.toBeInstanceOf(AppError);
    await expect(answer).rejects.toThrow('did not confirm');
  });

  it('turns a business refusal before the confirmation into a fault (a caller without a session learns nothing)', async () => {
    const caller = callerOf();
    const refused = answeredConfirmed(def, caller, async () => {
      throw new AppError(ErrorCode.BAD_PARAMS, '商品已售罄');
    });
    await expect(refused).rejects.not.toBeInstanceOf(AppError);
  });

  it('lets a business refusal after the confirmation through', async () => {
    const caller = callerOf();
    const refused = answeredConfirmed(def, caller, async () => {
      await caller.confirm(live);
      throw new AppError(ErrorCode.BAD_PARAMS, '商品已售罄');
    });
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMS, message: '商品已售罄' });
  });

  it('lets a fault of the database through as it is', async () => {
    const caller = callerOf();
    const down = new Error('connection refused');
    await expect(
      answeredConfirmed(def, caller, async () => {
        throw down;
      }),
    ).rejects.toBe(down);
  });
});
