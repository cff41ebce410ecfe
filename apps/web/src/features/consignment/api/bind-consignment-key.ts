import { bindUserPrePublishKey } from '@app/protocol/calls/consignment-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';

/** Binds a checked key to the seller: no one else can use it from then on. */
export function useBindConsignmentKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; applicationId: string }) => callApi(bindUserPrePublishKey, input),
    onSuccess: (role, input) => queryClient.setQueryData(consignmentKeys.key(input.key), role),
  });
}
