import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import { ocr } from 'tencentcloud-sdk-nodejs-ocr';
import { type IdCardFront, RealNameOutcome, type RealNameProvider, RealNameUnavailable } from './real-name-provider';

export interface TencentRealNameOptions {
  secretId: string;
  secretKey: string;
  region: string;
  /** https://faceid.tencentcloudapi.com by default (tests: a local fake over http). */
  faceidEndpoint?: string | undefined;
  /** https://ocr.tencentcloudapi.com by default. */
  ocrEndpoint?: string | undefined;
  timeoutSeconds?: number;
}

/** faceid IdCardVerification's Result codes (API 2018-03-01), each to its outcome; any other is no answer. */
const RESULTS: Readonly<Record<string, RealNameOutcome>> = {
  '0': RealNameOutcome.match,
  '-1': RealNameOutcome.mismatch,
  '-2': RealNameOutcome.invalidId,
  '-3': RealNameOutcome.invalidName,
  '-4': RealNameOutcome.sourceDown,
  '-5': RealNameOutcome.noRecord,
  '-6': RealNameOutcome.sourceDown,
  '-7': RealNameOutcome.dailyLimit,
};

/** IDCardOCR error codes that mean the picture holds no readable portrait side (the user's to fix, not ours). */
const UNREADABLE = new Set([
  'FailedOperation.IdCardInfoIllegal',
  'FailedOperation.ImageBlur',
  'FailedOperation.ImageNoIdCard',
  'FailedOperation.ImageSizeTooLarge',
  'FailedOperation.ImageDecodeFailed',
  'FailedOperation.OcrFailed',
  'FailedOperation.IdCardSideError',
]);

const httpProfile = (endpoint: string, timeoutSeconds: number) => {
  const url = new URL(endpoint);
  return { protocol: `${url.protocol}//`, endpoint: url.host, reqMethod: 'POST' as const, reqTimeout: timeoutSeconds };
};

const unavailable = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return new RealNameUnavailable(e.code || 'RequestFailed', e.message ?? String(error));
};

/**
 * Tencent Cloud: 二要素 by faceid `IdCardVerification` (the registry holds no faceid SDK, so the
 * official common SDK's CommonClient signs the documented call with TC3-HMAC-SHA256) and the
 * portrait side by OCR `IDCardOCR` (its official SDK). An error answer, a timeout or an answer
 * outside the documented set throws RealNameUnavailable: the caller verifies nobody on it.
 */
export function createTencentRealName(options: TencentRealNameOptions): RealNameProvider {
  const credential = { secretId: options.secretId, secretKey: options.secretKey };
  const timeout = options.timeoutSeconds ?? 10;
  const faceid = new CommonClient(
    new URL(options.faceidEndpoint ?? 'https://faceid.tencentcloudapi.com').host,
    '2018-03-01',
    {
      credential,
      region: options.region,
      profile: { httpProfile: httpProfile(options.faceidEndpoint ?? 'https://faceid.tencentcloudapi.com', timeout) },
    },
  );
  const reader = new ocr.v20181119.Client({
    credential,
    region: options.region,
    profile: { httpProfile: httpProfile(options.ocrEndpoint ?? 'https://ocr.tencentcloudapi.com', timeout) },
  });
  return {
    name: 'tencent',
    async verify({ name, idCard }) {
      let answer: { Result?: unknown };
      try {
        answer = (await faceid.request('IdCardVerification', { IdCard: idCard, Name: name })) as { Result?: unknown };
      } catch (error) {
        throw unavailable(error);
      }
      const outcome = typeof answer?.Result === 'string' ? RESULTS[answer.Result] : undefined;
      if (!outcome) throw new RealNameUnavailable('UnknownResult', `Result ${JSON.stringify(answer?.Result)}`);
      return outcome;
    },
    async readIdCardFront({ imageUrl }): Promise<IdCardFront | null> {
      let answer: { Name?: unknown; IdNum?: unknown; Birth?: unknown };
      try {
        answer = await reader.IDCardOCR({ ImageUrl: imageUrl, CardSide: 'FRONT' });
      } catch (error) {
        if (UNREADABLE.has((error as { code?: string }).code ?? '')) return null;
        throw unavailable(error);
      }
      const { Name, IdNum, Birth } = answer ?? {};
      if (typeof Name !== 'string' || typeof IdNum !== 'string' || typeof Birth !== 'string')
        throw new RealNameUnavailable('UnknownResult', 'IDCardOCR answered without Name, IdNum or Birth');
      if (!Name || !IdNum) return null;
      return { name: Name.trim(), idCard: IdNum.trim().toUpperCase(), birth: Birth };
    },
  };
}
