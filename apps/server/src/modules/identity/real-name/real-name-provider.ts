/**
 * Who checks that a name and an ID number belong together (二要素), and reads an ID card's portrait
 * side for the photo path. The sandbox answers in the embedded default; production requires the
 * real one (Tencent Cloud faceid + OCR, tencent-real-name.ts).
 */
export interface RealNameProvider {
  readonly name: 'sandbox' | 'tencent';
  /** The authority's answer; throws RealNameUnavailable when there is none (timeout, error, garbage). */
  verify(input: { name: string; idCard: string }): Promise<RealNameOutcome>;
  /**
   * The portrait side's name, number and birth date read from a URL the provider may fetch, or null
   * when the image shows no readable ID card; throws RealNameUnavailable when the reader failed.
   * Absent: this provider reads no photos (the sandbox), the photo path checks the typed pair alone.
   */
  readIdCardFront?(input: { imageUrl: string }): Promise<IdCardFront | null>;
}

export interface IdCardFront {
  name: string;
  idCard: string;
  /** yyyy/m/d as printed. */
  birth: string;
}

/** Every answer an authority gives (closed set); the first five are final, so they are cached. */
export const RealNameOutcome = {
  match: 'match',
  mismatch: 'mismatch',
  invalidId: 'invalid-id',
  invalidName: 'invalid-name',
  noRecord: 'no-record',
  sourceDown: 'source-down',
  dailyLimit: 'daily-limit',
} as const;
export type RealNameOutcome = (typeof RealNameOutcome)[keyof typeof RealNameOutcome];

/** Answers that stay true for the same name and number: a retry asks the cache, not the provider (no second fee). */
export type FinalOutcome = Exclude<RealNameOutcome, 'source-down' | 'daily-limit'>;
export const isFinal = (outcome: RealNameOutcome): outcome is FinalOutcome =>
  outcome !== RealNameOutcome.sourceDown && outcome !== RealNameOutcome.dailyLimit;

/** What the user reads for each answer that is not a match. */
export const OUTCOME_MESSAGES: Record<Exclude<RealNameOutcome, 'match'>, string> = {
  mismatch: '姓名与身份证号不一致，请核对后重试',
  'invalid-id': '身份证号无效，请核对后重试',
  'invalid-name': '姓名格式不正确，请填写身份证上的姓名',
  'no-record': '证件库中无此身份证号记录，请核对号码或联系客服',
  'source-down': '证件库服务繁忙，请稍后再试',
  'daily-limit': '该身份证今日认证次数已达上限，请明天再试',
};

/** No answer from the provider (timeout, error code, garbage): nobody is verified and nothing changes. */
export const PROVIDER_BUSY = '实名认证服务繁忙，请稍后再试';
export const PHOTO_UNREADABLE = '未能识别身份证人像面，请上传清晰完整的身份证照片';
export const PHOTO_MISMATCH = '身份证照片上的姓名或号码与填写的不一致';

export class RealNameUnavailable extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(`real-name provider gave no answer: ${providerCode} ${message}`);
  }
}
