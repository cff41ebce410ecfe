import type { ListingMove, ListingMoveAnswer } from '@app/protocol/ops-listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export interface MoveListingInput {
  listingId: string;
  move: ListingMove;
  reason: string;
}

export const moveListing = ({ listingId, move, reason }: MoveListingInput) =>
  opsFetch<ListingMoveAnswer>(`/listings/${listingId}/${move}`, { method: 'POST', body: { reason } });

/** 冻结 / 解冻 / 下架 (运营, 管理员); 查找 and the users' pages are asked again either way (another staff member may have acted). */
export function useMoveListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveListing,
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
