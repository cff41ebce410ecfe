import type { Config } from '../../../config';
import type { RealNameProvider } from './real-name-provider';
import { sandboxRealName } from './sandbox-real-name';
import { createTencentRealName } from './tencent-real-name';

type RealNameConfig = Pick<
  Config,
  | 'REALNAME_DRIVER'
  | 'REALNAME_TENCENT_SECRET_ID'
  | 'REALNAME_TENCENT_SECRET_KEY'
  | 'REALNAME_REGION'
  | 'REALNAME_FACEID_ENDPOINT'
  | 'REALNAME_OCR_ENDPOINT'
>;

/** The configured provider: tencent when asked (production's default; its keys are checked at start), else the sandbox. */
export function realNameProviderOf(config: RealNameConfig, production: boolean): RealNameProvider {
  const driver = config.REALNAME_DRIVER ?? (production ? 'tencent' : 'sandbox');
  if (driver === 'sandbox') return sandboxRealName();
  return createTencentRealName({
    secretId: config.REALNAME_TENCENT_SECRET_ID ?? '',
    secretKey: config.REALNAME_TENCENT_SECRET_KEY ?? '',
    region: config.REALNAME_REGION,
    faceidEndpoint: config.REALNAME_FACEID_ENDPOINT,
    ocrEndpoint: config.REALNAME_OCR_ENDPOINT,
  });
}
