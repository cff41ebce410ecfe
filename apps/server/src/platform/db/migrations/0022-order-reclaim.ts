/**
 * Customer service's refund of a refused receipt asks the game to take the goods back before it
 * moves any money; the moment it asks is kept, so the order can no longer be confirmed to the
 * seller (who might otherwise get both the goods and the money if the game's answer was lost).
 */
export const up = ['alter table orders add column reclaim_requested_at timestamptz'];
