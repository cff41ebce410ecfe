/**
 * A staff member's chat account (customer service, `cs:<staff id>`): the same in every order's chat,
 * exchange or broker, so one chat login serves the workbench for both and logging out ends both.
 */
export const staffChatAccount = (staffId: number): string => `cs:${staffId}`;
