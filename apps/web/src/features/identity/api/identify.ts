import {
  checkAuthentication,
  generateUploadUrl,
  h5sdkGenerateUploadUrl,
  h5sdkIdentification,
  h5sdkIdentificationByUploadImg,
  identification,
  identificationByUploadImg,
} from '@app/protocol/calls/identity';
import type { CallInput } from '@app/protocol/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from '../../../lib/game-token';
import { sceneOfPath } from '../../../lib/platform';
import { storage } from '../../../lib/storage';
import { uploadImage } from '../../../lib/upload-image';

export const identityKeys = { status: ['identity', 'status'] as const };

export const authenticationOptions = () =>
  queryOptions({ queryKey: identityKeys.status, queryFn: () => callApi(checkAuthentication, {}) });

export function useAuthentication() {
  return useQuery({ ...authenticationOptions(), enabled: Boolean(storage.get('token')) });
}

type ByNumber = CallInput<typeof identification>;
type ByPhotos = CallInput<typeof identificationByUploadImg>;

/** Inside the game view the h5sdk variants carry the game token (no detour through the app scene). */
const inGame = () => (sceneOfPath(globalThis.location.pathname) === 'h5sdk' ? gameToken() : null);

function verify(input: ByNumber | ByPhotos) {
  const pt = inGame();
  if ('idCardFrontImgUrl' in input)
    return pt
      ? callApi(h5sdkIdentificationByUploadImg, { ...pt, ...input })
      : callApi(identificationByUploadImg, input);
  return pt ? callApi(h5sdkIdentification, { ...pt, ...input }) : callApi(identification, input);
}

/** Verifies by number alone, or with the two photos when both were uploaded. */
export function useIdentify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verify,
    onSuccess: (status) => {
      storage.set('hasAuthentication', status.hasAuthentication);
      queryClient.setQueryData(identityKeys.status, status);
      return queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** One ID photo through the identity's presigned PUT. */
export const uploadIdPhoto = (file: File): Promise<string> =>
  uploadImage(file, (typeName) => {
    const pt = inGame();
    return pt ? callApi(h5sdkGenerateUploadUrl, { ...pt, typeName }) : callApi(generateUploadUrl, { typeName });
  });
