/**
 * A chat message remembers the sender's name for it (the `ref` of its send frame), unique per
 * sender: a client that lost the answer and sends the same ref again (after a reconnect, or from
 * two sockets at once) gets the message it already posted instead of a second one. Messages the
 * server writes itself (the system voice, evidence images) have none.
 */
export const up = [
  'alter table im_messages add column client_ref text',
  'create unique index im_messages_sender_ref on im_messages (sender, client_ref)',
];
