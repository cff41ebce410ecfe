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

/** The presigned PUT of platform-shell §7: extension from the file name, the image's type, URL without query. */
export async function uploadIdPhoto(file: File): Promise<string> {
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase();
  const url = await callApi(generateUploadUrl, { typeName: suffix });
  const type = new URL(url, globalThis.location.href).searchParams.get('type') ?? file.type;
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: file });
  if (res.status !== 200) throw new Error(res.status === 415 ? '图片格式错误' : res.statusText || '网络异常');
  return url.split('?')[0] as string;
}
