import { publishAccountCheck } from '@app/protocol/calls/consignment';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/**
 * Outside the game: the seller's first missing step (30315 opens the unlock dialog through the
 * request layer); with a key, whether its role meets the game's conditions (30307).
 */
export const usePublishAccountCheck = () =>
  useMutation({
    mutationFn: (input: { jyhKey?: string; quiet?: boolean }) =>
      callApi(
        publishAccountCheck,
        input.jyhKey ? { jyhKey: input.jyhKey } : {},
        input.quiet ? { catchError: true } : {},
      ),
  });
