/** Sends one SMS. The console driver is the embedded default; a real provider's SDK goes behind it. */
export interface SmsMessage {
  phone: string;
  smsType: string;
  code: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface SentSms extends SmsMessage {
  sentAt: number;
}

/** Prints to the log and keeps the last messages for the test hook `GET /dev/sms/outbox`. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  private readonly sent: SentSms[] = [];

  constructor(
    private readonly log: (line: string) => void,
    private readonly keep = 500,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.sent.unshift({ ...message, sentAt: Math.floor(Date.now() / 1000) });
    this.sent.length = Math.min(this.sent.length, this.keep);
    this.log(`[sms:console] to ${message.phone} (${message.smsType}): 您的验证码是 ${message.code}，5分钟内有效。`);
  }

  outbox(phone?: string): SentSms[] {
    return phone ? this.sent.filter((m) => m.phone === phone) : [...this.sent];
  }
}
