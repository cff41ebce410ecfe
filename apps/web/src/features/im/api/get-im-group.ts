import { imGroup } from '@app/protocol/calls/im';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { imKeys } from './im-keys';

/** The order's chat group (null: 此会话已结束或订单已关闭). */
export const useImGroup = (orderId: string) =>
  useQuery({
    queryKey: imKeys.group(orderId),
    queryFn: () => callApi(imGroup, { orderId }),
    enabled: /^\d+$/.test(orderId),
  });
