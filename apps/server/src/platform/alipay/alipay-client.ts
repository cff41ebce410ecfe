import { AlipaySdk } from 'alipay-sdk';

export interface AlipayClientOptions {
  appId: string;
  /** The app's private key (PKCS#8 or PKCS#1 PEM) and Alipay's public key (PEM). */
  privateKey: string;
  alipayPublicKey: string;
  /** The gateway URL (a local fake's in tests); Alipay's production gateway by default. */
  gateway?: string | undefined;
  /** How long one call may take (ms); the SDK's 5 s by default. */
  timeoutMs?: number;
}

/** The official SDK's client, configured one way for every Alipay use (payments, payouts). */
export function createAlipayClient(options: AlipayClientOptions): AlipaySdk {
  return new AlipaySdk({
    appId: options.appId,
    // The SDK re-wraps the PEM by its first and last lines: no trailing newline; PKCS#8 said so.
    privateKey: options.privateKey.trim(),
    keyType: options.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    alipayPublicKey: options.alipayPublicKey.trim(),
    ...(options.gateway ? { gateway: options.gateway } : {}),
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  });
}
