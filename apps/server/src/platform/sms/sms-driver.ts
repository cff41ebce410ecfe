import type { Config } from '../../config';
import { ConsoleSmsProvider, type SmsProvider } from './sms-provider';
import { createTencentSms } from './tencent-sms';

/** The SMS provider SMS_DRIVER names (loadConfig made sure production has a real one, fully configured). */
export function smsProviderOf(config: Config, log: (line: string) => void): SmsProvider {
  if (config.SMS_DRIVER === 'console') return new ConsoleSmsProvider(log);
  return createTencentSms({
    secretId: config.SMS_TENCENT_SECRET_ID ?? '',
    secretKey: config.SMS_TENCENT_SECRET_KEY ?? '',
    sdkAppId: config.SMS_TENCENT_SDK_APP_ID ?? '',
    signName: config.SMS_SIGN_NAME ?? '',
    templateId: config.SMS_TEMPLATE_ID ?? '',
    region: config.SMS_REGION,
    endpoint: config.SMS_ENDPOINT,
  });
}
