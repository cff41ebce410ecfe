import { z } from 'zod';
import { defineCall } from '../contract';
import { imageSuffixSchema } from './identity';

/** The user's switches, help content and feedback (user service). */
const switchValue = z.union([z.literal(0), z.literal(1)]);

export const isGrayEnv = defineCall({
  service: 'user',
  call: 'isGrayEnv',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'Whether this user is in the gray release (X-Env: gray on later calls)',
  request: z.object({}),
  response: z.object({ isGrayEnv: z.boolean() }),
});

const pushSwitchSettings = z.object({ push: switchValue, individualizedRecommend: switchValue });

export const pushSwitch = defineCall({
  service: 'user',
  call: 'pushSwitch',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Turns message push on or off',
  request: z.object({ status: switchValue }),
  response: pushSwitchSettings,
});

export const getPushSwitch = defineCall({
  service: 'user',
  call: 'getPushSwitch',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The push and personalised-recommendation switches',
  request: z.object({}),
  response: pushSwitchSettings,
});

export const individualizedRecommendSwitch = defineCall({
  service: 'user',
  call: 'individualizedRecommendSwitch',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Turns personalised recommendations on or off (PIPL art. 24)',
  request: z.object({ status: switchValue }),
  response: pushSwitchSettings,
});

const feedbackType = z.object({ id: z.number().int(), name: z.string() });

export const userFeedbackTypeList = defineCall({
  service: 'user',
  call: 'userFeedbackTypeList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Feedback categories',
  request: z.object({}),
  response: z.object({ list: z.array(feedbackType) }),
});

export const feedback = defineCall({
  service: 'user',
  call: 'feedback',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Sends feedback with up to 4 uploaded images',
  request: z.object({
    typeId: z.number().int().positive({ error: '请选择反馈类型' }),
    content: z.string().trim().min(5, { error: '请至少填写5个字的问题描述' }).max(500, { error: '问题描述最多500字' }),
    contact: z.string().max(50).optional(),
    images: z.array(z.string().max(500)).max(4, { error: '最多上传4张图片' }).default([]),
  }),
  response: z.object({ id: z.number().int() }),
});

export const faqList = defineCall({
  service: 'user',
  call: 'faqList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Frequently asked questions',
  request: z.object({}),
  response: z.object({
    list: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string(), category: z.string() })),
  }),
});

export const agreementKeys = [
  'privacyPolicy',
  'childrenPrivacy',
  'personalInfoList',
  'userAgreement',
  'thirdPartySharing',
  'tradingRules',
] as const;

export const appParam = defineCall({
  service: 'user',
  call: 'appParam',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'The URLs of the six agreements and the customer-service link',
  request: z.object({}),
  response: z.object({
    agreements: z.array(z.object({ key: z.enum(agreementKeys), title: z.string(), url: z.string() })),
    customerServiceUrl: z.string(),
  }),
});

export const feedbackPreSignedUrl = defineCall({
  service: 'user',
  call: 'feedback/generatePreSignedUrl',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'A presigned PUT URL for one feedback screenshot',
  request: z.object({ typeName: imageSuffixSchema }),
  response: z.string(),
});

/** The agreements the viewer agreed to (at login or phone binding), each with the version he agreed to and the current one. */
export const myAgreements = defineCall({
  service: 'user',
  call: 'myAgreements',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: "The viewer's agreed version of each agreement, when, and the current version",
  request: z.object({}),
  response: z.object({
    list: z.array(
      z.object({
        key: z.enum(agreementKeys),
        title: z.string(),
        agreedVersion: z.string(),
        /** Unix milliseconds. */
        agreedAt: z.number().int(),
        currentVersion: z.string(),
        /** The text he agreed to, as it was. */
        url: z.string(),
      }),
    ),
  }),
});
