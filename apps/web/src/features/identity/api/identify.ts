import {
  checkAuthentication,
  generateUploadUrl,
  identification,
  identificationByUploadImg,
} from '@app/protocol/calls/identity';
import type { CallInput } from '@app/protocol/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
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

/** Verifies by number alone, or with the two photos when both were uploaded. */
export function useIdentify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ByNumber | ByPhotos) =>
      'idCardFrontImgUrl' in input ? callApi(identificationByUploadImg, input) : callApi(identification, input),
    onSuccess: (status) => {
      storage.set('hasAuthentication', status.hasAuthentication);
      queryClient.setQueryData(identityKeys.status, status);
      return queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** One ID photo through the identity's presigned PUT. */
export const uploadIdPhoto = (file: File): Promise<string> =>
  uploadImage(file, (typeName) => callApi(generateUploadUrl, { typeName }));
