import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { generateKeyPem } from '@app/protocol/codec/server';

let made: Record<string, string> | null = null;

/**
 * Everything APP_ENV=production requires (decision 0012), made up here once per test file: keys
 * generated on the spot, the SMS provider pointed at a port nothing listens on (tests that send
 * SMS give SMS_ENDPOINT of their fake). testConfig adds these under every production app.
 */
export function productionSettings(): Record<string, string> {
  if (made) return made;
  const alipay = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  made = {
    SMS_DRIVER: 'tencent',
    SMS_TENCENT_SECRET_ID: 'AKIDtest',
    SMS_TENCENT_SECRET_KEY: 'test-secret-key',
    SMS_TENCENT_SDK_APP_ID: '1400000000',
    SMS_SIGN_NAME: '测试签名',
    SMS_TEMPLATE_ID: '100001',
    SMS_ENDPOINT: 'http://127.0.0.1:9',
    REALNAME_DRIVER: 'tencent',
    REALNAME_TENCENT_SECRET_ID: 'AKIDtest',
    REALNAME_TENCENT_SECRET_KEY: 'test-secret-key',
    REALNAME_FACEID_ENDPOINT: 'http://127.0.0.1:9',
    REALNAME_OCR_ENDPOINT: 'http://127.0.0.1:9',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: alipay.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    PUBLIC_BASE_URL: 'https://market.example',
    PII_KEY: randomBytes(32).toString('hex'),
    RSA_PRIVATE_KEY: generateKeyPem(),
    SMS_CODE_SECRET: randomBytes(32).toString('hex'),
    PAY_PASSWORD_SECRET: randomBytes(32).toString('hex'),
    STORAGE_SIGNING_SECRET: randomBytes(32).toString('hex'),
  };
  return made;
}
