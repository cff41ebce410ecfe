import { z } from 'zod';
import { defineCall } from '../contract';
import { phoneSchema, smsCodeSchema } from '../validation';

export const userInfo = defineCall({
  service: 'user',
  call: 'userInfo',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The logged-in user (masked personal data only)',
  request: z.object({}),
  response: z.object({
    uid: z.string(),
    mobile: z.string(),
    nickname: z.string(),
    avatar: z.string(),
    hasAuthentication: z.enum(['0', '1']),
    registeredAt: z.number().int(),
  }),
});

export const sendSms = defineCall({
  service: 'user',
  call: 'sendSms',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary:
    'Sends a 4-digit code by SMS (60 s cooldown per phone, hourly and daily caps). verifyCode goes to the logged-in user’s bound phone; its phone field is only an auto-fill marker.',
  request: z.discriminatedUnion('smsType', [
    z.object({ smsType: z.literal('phoneLogin'), phone: phoneSchema }),
    z.object({ smsType: z.literal('verifyCode'), phone: z.string().max(20).optional() }),
  ]),
  response: z.object({ sent: z.literal(true), cooldownSeconds: z.number().int() }),
});

export const loginResultSchema = z.object({
  token: z.string(),
  mobile: z.string(),
  uid: z.string(),
  isGrayEnv: z.boolean(),
});

export const phoneLogin = defineCall({
  service: 'user',
  call: 'phoneLogin',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'Logs in (or signs up) with a phone and its SMS code',
  request: z.object({
    phone: phoneSchema,
    code: smsCodeSchema,
    package: z.string().max(64).optional(),
  }),
  response: loginResultSchema,
});

export const checkBindPhone = defineCall({
  service: 'user',
  call: 'checkBindPhone',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'Whether the logged-in user has a bound phone (masked)',
  request: z.object({}),
  response: z.object({ bound: z.boolean(), mobile: z.string() }),
});

export const checkRemoveAccount = defineCall({
  service: 'user',
  call: 'checkRemoveAccount',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'Whether the account can be closed now, and what stands in the way',
  request: z.object({}),
  response: z.object({ removable: z.boolean(), reasons: z.array(z.string()) }),
});

export const removeAccount = defineCall({
  service: 'user',
  call: 'removeAccount',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Closes the account (needs a fresh SMS code); personal data is erased',
  request: z.object({ code: smsCodeSchema }),
  response: z.object({ removed: z.literal(true) }),
});

export const bindPhone = defineCall({
  service: 'user',
  call: 'bindPhone',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Binds a phone to the logged-in account (code sent with smsType phoneLogin)',
  request: z.object({ phone: phoneSchema, code: smsCodeSchema, smsType: z.literal('phoneLogin').optional() }),
  response: loginResultSchema,
});

const providerCode = z.string({ error: '授权失败，请重试' }).min(1, { error: '授权失败，请重试' }).max(512);

export const wxAppLogin = defineCall({
  service: 'user',
  call: 'wxAppLogin',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'Logs in with a WeChat authorization code (a new account binds a phone afterwards)',
  request: z.object({ code: providerCode }),
  response: loginResultSchema,
});

export const qqAppLogin = defineCall({
  service: 'user',
  call: 'qqAppLogin',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'Logs in with a QQ authorization code (a new account binds a phone afterwards)',
  request: z.object({
    code: providerCode,
    /** The redirect_uri the code was asked with (QQ checks it is the same; the web's login page). */
    redirectUri: z.string().url().max(512).optional(),
  }),
  response: loginResultSchema,
});

export const oneClickLogin = defineCall({
  service: 'user',
  call: 'oneClickLogin',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: "Logs in with the carrier's one-click token (the carrier tells the phone number)",
  request: z.object({ token: providerCode }),
  response: loginResultSchema,
});

/** The third-party sign-ins this server offers (production: the configured providers only). */
export const loginProviders = defineCall({
  service: 'user',
  call: 'loginProviders',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'The third-party sign-ins offered: WeChat, QQ, carrier one-click, each with where the browser agrees',
  request: z.object({}),
  response: z.object({
    providers: z.array(
      z.object({
        provider: z.enum(['wx', 'qq', 'oneClick']),
        /** The provider's authorization page (the page adds redirect_uri and state); '' for one-click (the app's SDK). */
        authorizeUrl: z.string(),
      }),
    ),
  }),
});

export const getTradeId = defineCall({
  service: 'user',
  call: 'getTradeId',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary:
    "The user's trade id (唯一码, for designated buyers) and the game accounts with their last login role and time",
  request: z.object({}),
  response: z.object({
    tradeId: z.string(),
    accounts: z.array(
      z.object({
        tradeId: z.string(),
        gameId: z.string(),
        lastLoginRoleName: z.string(),
        lastLoginTime: z.number().int(),
      }),
    ),
  }),
});

export const userAccountDetail = defineCall({
  service: 'user',
  call: 'userAccountDetail',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary:
    'Account and security details: masked phone and real name, linked game and third-party accounts, the sale lock',
  request: z.object({}),
  response: z.object({
    uid: z.string(),
    mobile: z.string(),
    hasAuthentication: z.enum(['0', '1']),
    realName: z.string(),
    registeredAt: z.number().int(),
    saleUnlockedUntil: z.number().int().nullable(),
    linkedAccounts: z.array(z.object({ provider: z.string(), linkedAt: z.number().int() })),
    /** Fen: spendable, reserved (withdrawals under review, balance parts of unpaid orders), 待入账. */
    balance: z.object({ available: z.number().int(), frozen: z.number().int(), pending: z.number().int() }),
  }),
});

/** 退出登录: the session of this token ends on the server too, so a copied token stops working. */
export const logout = defineCall({
  service: 'user',
  call: 'logout',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Ends the session of the X-Token on the server (退出登录); the token answers 20118 from then on',
  request: z.object({}),
  response: z.object({ loggedOut: z.literal(true) }),
});
