import { popup } from '@app/protocol/calls/market-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys, type Place } from '../../../lib/queries/market-keys';

/** The popup is optional decoration: a refusal shows nothing. */
export const popupOptions = (place: Place) =>
  queryOptions({
    queryKey: marketKeys.popup(place),
    queryFn: () => callApi(popup, { place }, { ignoreError: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePopup(place: Place) {
  return useQuery(popupOptions(place));
}
