import { h5sdkOrderPlace, orderPlace } from '@app/protocol/calls/orders';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from '../../../lib/game-token';

/** Places the order: in the game the token's role receives; elsewhere the chosen account or role. */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: (input: {
      commodityId: string;
      requestKey: string;
      couponId?: string | undefined;
      gameAccountId?: string | undefined;
      gameRoleId?: string | undefined;
    }) => {
      const t = gameToken();
      const common = {
        commodityId: input.commodityId,
        requestKey: input.requestKey,
        agreement: true as const,
        ...(input.couponId ? { couponId: input.couponId } : {}),
      };
      return t
        ? callApi(h5sdkOrderPlace, { ...t, ...common })
        : callApi(orderPlace, {
            ...common,
            ...(input.gameAccountId ? { gameAccountId: input.gameAccountId } : {}),
            ...(input.gameRoleId ? { gameRoleId: input.gameRoleId } : {}),
          });
    },
  });
}
