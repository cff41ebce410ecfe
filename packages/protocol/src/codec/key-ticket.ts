/** A key ticket (PROTOCOL.md, "Version 2 with a key ticket"): 22 chars, base64url of 16 random bytes. */
const KEY_TICKET = /^[A-Za-z0-9_-]{22}$/;

/** The protocol's bound on a ticket's requests; the server may choose a shorter life. */
export const KEY_TICKET_MAX_USES = 1000;

/** The header with which a version-2 request asks for a ticket, and its one value. */
export const KEY_TICKET_HEADER = 'X-Key-Ticket';
export const KEY_TICKET_WANT = 'want';

export function isKeyTicket(value: unknown): value is string {
  return typeof value === 'string' && KEY_TICKET.test(value);
}
