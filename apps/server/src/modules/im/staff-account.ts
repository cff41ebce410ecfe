/**
 * A staff member's chat account (customer service, `cs:<staff id>`): the same in every order's chat,
 * exchange or broker, so one chat login serves the workbench for both.
 */
export const staffChatAccount = (staffId: number): string => `cs:${staffId}`;

/** The staff member of a chat account, or null for a user's. */
export const staffIdOfChat = (account: string): number | null => {
  const id = /^cs:(\d{1,9})$/.exec(account)?.[1];
  return id === undefined ? null : Number(id);
};

/**
 * Whether a staff member's chat login may still be used: asked with the console session whose
 * SHA-256 is `sessionHash`, it lives while that session does and the member may handle orders
 * (the ops module answers; the chat keeps no copy of who staff are).
 */
export type StaffChatCheck = (staffId: number, sessionHash: string) => Promise<boolean>;
