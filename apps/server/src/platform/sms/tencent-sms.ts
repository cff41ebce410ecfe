import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { maskPhones } from '../log/mask';
import type { SmsMessage, SmsProvider } from './sms-provider';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** An approved template with one parameter: the code. */
  templateId: string;
  region: string;
  /** The API's origin, https://sms.tencentcloudapi.com by default (tests: a local fake over http). */
  endpoint?: string | undefined;
  timeoutSeconds?: number;
}

/** The provider did not send the message: its error code and message (phones masked), never the code sent. */
export class SmsSendError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(`SMS not sent: ${providerCode} ${maskPhones(message)}`);
  }
}

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through its official SDK: one number (+86…), the
 * approved signature and template, the code as the template's one parameter. An error answer, or a
 * number the provider did not accept (its SendStatus not Ok), throws SmsSendError.
 */
export function createTencentSms(options: TencentSmsOptions): SmsProvider {
  const url = new URL(options.endpoint ?? 'https://sms.tencentcloudapi.com');
  const client = new sms.v20210111.Client({
    credential: { secretId: options.secretId, secretKey: options.secretKey },
    region: options.region,
    profile: {
      httpProfile: {
        protocol: `${url.protocol}//`,
        endpoint: url.host,
        reqMethod: 'POST',
        reqTimeout: options.timeoutSeconds ?? 10,
      },
    },
  });
  return {
    name: 'tencent',
    async send(message: SmsMessage) {
      let statuses: Array<{ Code?: string; Message?: string }>;
      try {
        const answer = await client.SendSms({
          PhoneNumberSet: [`+86${message.phone}`],
          SmsSdkAppId: options.sdkAppId,
          SignName: options.signName,
          TemplateId: options.templateId,
          TemplateParamSet: [message.code],
          SessionContext: message.smsType,
        });
        statuses = answer.SendStatusSet ?? [];
      } catch (error) {
        const e = error as { code?: string; message?: string };
        throw new SmsSendError(e.code || 'RequestFailed', e.message ?? String(error));
      }
      const status = statuses[0];
      if (status?.Code !== 'Ok')
        throw new SmsSendError(status?.Code ?? 'NoStatus', status?.Message ?? 'no send status');
    },
  };
}
