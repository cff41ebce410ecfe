import { loginProviders, oneClickLogin, qqAppLogin, wxAppLogin } from '@app/protocol/calls/user';
import { ErrorCode } from '@app/protocol/errors';
import { PHONE_PATTERN } from '@app/protocol/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { seenFrom } from '../../platform/http/seen-from';
import type { LoginProviders } from '../../platform/identity-providers/configured-providers';
import type { OAuthName, OAuthProvider } from '../../platform/identity-providers/identity-providers';
import { LoginRefused } from '../../platform/identity-providers/provider-http';
import { findOrCreateUserByIdentity, findOrCreateUserByMobile } from './user.service';
import { startSession } from './user-ban';

const NOT_OFFERED: Record<OAuthName | 'oneClick', string> = {
  wx: '微信登录暂未开通，请使用验证码登录',
  qq: 'QQ登录暂未开通，请使用验证码登录',
  oneClick: '一键登录暂未开通，请使用验证码登录',
};

/**
 * WeChat, QQ and carrier one-click sign-in. The provider is asked first; only a subject (or a
 * phone) it answered finds or creates the user and opens a session, so a refused, failed or
 * unanswered sign-in leaves nothing behind. The provider's code is logged, its sentence answered.
 */
export function thirdPartyLoginRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  providers: LoginProviders,
  sessionTtlDays: number,
): void {
  const { db } = platform;
  const refusal = (kind: OAuthName | 'oneClick') => (error: unknown) => {
    const refused = error instanceof LoginRefused ? error : null;
    app.log.warn({ provider: kind, providerCode: refused?.providerCode ?? String(error) }, 'third-party login refused');
    throw new AppError(ErrorCode.BAD_PARAMS, refused?.userMessage ?? '授权失败，请重试');
  };
  const oauthLogin =
    (name: OAuthName, provider: OAuthProvider | null) =>
    async (
      input: { code: string; redirectUri?: string | undefined },
      ctx: { source: string; gray: boolean; request: FastifyRequest },
    ) => {
      if (!provider) throw new AppError(ErrorCode.BAD_PARAMS, NOT_OFFERED[name]);
      const identity = await provider.exchangeCode(input.code, input.redirectUri).catch(refusal(name));
      const user = await findOrCreateUserByIdentity(
        db,
        name,
        identity.subject,
        identity.nickname,
        undefined,
        identity.aliases,
      );
      const token = await startSession(db, user.id, ctx.source, sessionTtlDays, seenFrom(ctx.request));
      return { token, mobile: user.mobile ?? '', uid: user.uid, isGrayEnv: ctx.gray };
    };
  registerCall(app, platform, loginProviders, async () => ({ providers: providers.offered }));
  registerCall(app, platform, wxAppLogin, oauthLogin('wx', providers.wx));
  registerCall(app, platform, qqAppLogin, oauthLogin('qq', providers.qq));
  registerCall(app, platform, oneClickLogin, async (input, ctx) => {
    const oneClick = providers.oneClick;
    if (!oneClick) throw new AppError(ErrorCode.BAD_PARAMS, NOT_OFFERED.oneClick);
    const phone = await oneClick.phoneOfToken(input.token).catch(refusal('oneClick'));
    if (!PHONE_PATTERN.test(phone)) throw new AppError(ErrorCode.BAD_PARAMS, '一键登录失败，请使用验证码登录');
    const user = await findOrCreateUserByMobile(db, phone);
    const token = await startSession(db, user.id, ctx.source, sessionTtlDays, seenFrom(ctx.request));
    return { token, mobile: phone, uid: user.uid, isGrayEnv: ctx.gray };
  });
}
