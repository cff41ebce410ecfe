/**
 * The name of the role an order's goods go to, as the game named it when the order was placed: the
 * order page and the chat say where the goods went in words a player knows (the game's receipt names
 * the role by its id). Null for a role bought (it goes to the buyer's account) and for older orders.
 */
export const up = ['alter table orders add column deliver_role_name text'];
