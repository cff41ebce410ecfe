import { baseUrl } from '../browser';

/** A valid mainland ID number (GB 11643 checksum) for a birth date and a 3-digit sequence. */
export function idNumber(birth: string, seq: string): string {
  const body = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] as number), 0);
  return body + '10X98765432'[sum % 11];
}

/** The SMS codes the console provider sent to a phone (test hook). */
export const outbox = async (phone: string): Promise<Array<{ code: string; smsType: string }>> =>
  (await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data;

/** The demo game's login of an account: its token and its first role's server. */
export const gameLogin = async (account: string) =>
  (
    await (
      await fetch(`${baseUrl()}/demo-game/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password: 'demo123' }),
      })
    ).json()
  ).data as { gameId: string; gameToken: string; serverId: string };
