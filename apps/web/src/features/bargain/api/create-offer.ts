import { createOfferOrder, h5sdkCreateOfferOrder } from '@app/protocol/calls/bargain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from '../../../lib/game-token';
import { bargainKeys } from './bargain-keys';

export interface CreateOfferInput {
  commodityId: string;
  /** Fen. */
  price: number;
  requestKey: string;
  gameAccountId?: string | undefined;
  gameRoleId?: string | undefined;
}

/**
 * Makes an offer: inside the game the goods go to the token's account or role (the SDK call);
 * elsewhere to the linked account or role the buyer chose (as the order confirmation does).
 */
export function createOffer(input: CreateOfferInput) {
  const token = gameToken();
  const common = {
    commodityId: input.commodityId,
    price: input.price,
    requestKey: input.requestKey,
    agreement: true as const,
  };
  return token
    ? callApi(h5sdkCreateOfferOrder, { ...token, ...common })
    : callApi(createOfferOrder, {
        ...common,
        ...(input.gameAccountId ? { gameAccountId: input.gameAccountId } : {}),
        ...(input.gameRoleId ? { gameRoleId: input.gameRoleId } : {}),
      });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bargainKeys.all }),
  });
}
