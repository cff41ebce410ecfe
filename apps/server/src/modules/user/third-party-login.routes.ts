import { oneClickLogin, qqAppLogin, wxAppLogin } from '@app/protocol/calls/user';
import { ErrorCode } from '@app/protocol/errors';
import { PHONE_PATTERN } from '@app/protocol/validation';
import type { FastifyInstance } from 'fastify';
import { issueSession } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { OAuthProvider, OneClickProvider } from '../../platform/identity-providers/identity-providers';
import { findOrCreateUserByIdentity, findOrCreateUserByMobile } from './user.service';

export interface ThirdPartyProviders {
  wx: OAuthProvider;
  qq: OAuthProvider;
  oneClick: OneClickProvider;
}

export function thirdPartyLoginRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  providers: ThirdPartyProviders,
  sessionTtlDays: number,
): void {
  const { db } = platform;
  const oauthLogin =
    (provider: OAuthProvider) => async (input: { code: string }, ctx: { source: string; gray: boolean }) => {
      const identity = await provider.exchangeCode(input.code).catch(() => {
        throw new AppError(ErrorCode.BAD_PARAMS, '授权失败，请重试');
      });
      const user = await findOrCreateUserByIdentity(db, provider.name, identity.subject, identity.nickname);
      const token = await issueSession(db, user.id, ctx.source, sessionTtlDays);
      return { token, mobile: user.mobile ?? '', uid: user.uid, isGrayEnv: ctx.gray };
    };
  registerCall(app, platform, wxAppLogin, oauthLogin(providers.wx));
  registerCall(app, platform, qqAppLogin, oauthLogin(providers.qq));
  registerCall(app, platform, oneClickLogin, async (input, ctx) => {
    const phone = await providers.oneClick.phoneOfToken(input.token).catch(() => {
      throw new AppError(ErrorCode.BAD_PARAMS, '一键登录失败，请使用验证码登录');
    });
    if (!PHONE_PATTERN.test(phone)) throw new AppError(ErrorCode.BAD_PARAMS, '一键登录失败，请使用验证码登录');
    const user = await findOrCreateUserByMobile(db, phone);
    const token = await issueSession(db, user.id, ctx.source, sessionTtlDays);
    return { token, mobile: phone, uid: user.uid, isGrayEnv: ctx.gray };
  });
}
