import DypnsapiModule, { GetMobileRequest } from '@alicloud/dypnsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { RuntimeOptions } from '@darabonba/typescript';
import type { OneClickProvider } from './identity-providers';
import { LoginRefused } from './provider-http';

export interface AliyunOneClickOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** The API's origin, https://dypnsapi.aliyuncs.com by default (tests: a local fake over http). */
  endpoint?: string | undefined;
  timeoutMs: number;
}

// The SDK is CommonJS with an __esModule default: Node hands its exports object as the default.
const Dypnsapi = (DypnsapiModule as unknown as { default?: typeof DypnsapiModule }).default ?? DypnsapiModule;

const RETRY = '一键登录失败，请使用验证码登录';
const BUSY = '一键登录服务繁忙，请使用验证码登录';

/** 号码认证's documented answer codes for GetMobile (and the gateway's own), each with what the player reads. */
const CODES: Record<string, string> = {
  'isv.TOKEN_INVALID': '一键登录已失效，请重新获取或使用验证码登录', // expired, used once already, or forged
  'isv.MOBILE_NUMBER_ILLEGAL': RETRY,
  'isv.VERIFY_SCHEME_NOT_EXIST': RETRY, // the app's scheme (package, signature) is not registered
  'isv.RAM_PERMISSION_DENY': RETRY,
  'isv.BUSINESS_LIMIT_CONTROL': BUSY,
  RESOURCE_NOT_ENOUGH: RETRY, // the account's package is used up
  BIZ_NOT_OPEN_STATUS: RETRY,
  'isp.SYSTEM_ERROR': BUSY,
  InternalError: BUSY,
  SignatureDoesNotMatch: RETRY,
  'InvalidAccessKeyId.NotFound': RETRY,
};

/**
 * Alibaba Cloud 号码认证 (Dypnsapi 2017-05-25) GetMobile through its official SDK: the token the
 * app's one-click SDK obtained after the user agreed → the phone number. RPC style, signed with
 * HMAC-SHA1 by the SDK; no retries (a token serves once), one timeout for connect and read.
 */
export function createAliyunOneClick(options: AliyunOneClickOptions): OneClickProvider {
  const url = new URL(options.endpoint ?? 'https://dypnsapi.aliyuncs.com');
  const client = new Dypnsapi(
    new $OpenApiUtil.Config({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: url.host,
      protocol: url.protocol.replace(':', ''),
      readTimeout: options.timeoutMs,
      connectTimeout: options.timeoutMs,
    }),
  );
  const runtime = new RuntimeOptions({
    autoretry: false,
    readTimeout: options.timeoutMs,
    connectTimeout: options.timeoutMs,
  });
  return {
    async phoneOfToken(token) {
      let body: { code?: string; getMobileResultDTO?: { mobile?: string } } | undefined;
      try {
        body = (await client.getMobileWithOptions(new GetMobileRequest({ accessToken: token }), runtime)).body;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && code in CODES) throw new LoginRefused(`aliyun:${code}`, CODES[code] as string);
        throw new LoginRefused(`aliyun:${typeof code === 'string' ? code : 'RequestFailed'}`, BUSY);
      }
      const code = body?.code ?? 'NoCode';
      if (code !== 'OK') throw new LoginRefused(`aliyun:${code}`, CODES[code] ?? RETRY);
      const mobile = body?.getMobileResultDTO?.mobile;
      if (typeof mobile !== 'string') throw new LoginRefused('aliyun:NoMobile', BUSY);
      return mobile;
    },
  };
}
