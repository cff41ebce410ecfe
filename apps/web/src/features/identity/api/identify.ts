import {
  checkAuthentication,
  generateUploadUrl,
  identification,
  identificationByUploadImg,
} from '@app/protocol/calls/identity';
import type { CallInput } from '@app/protocol/contract';
import { CLIENT_MESSAGES } from '@app/protocol/errors';
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

/** HEIC photos (iPhone) become PNG before upload (platform-shell §5); the converter loads only then. */
async function normaliseImage(file: File): Promise<File> {
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase();
  if (suffix !== 'heic' && suffix !== 'heif' && !/image\/hei[cf]/.test(file.type)) return file;
  const { default: heic2any } = await import('heic2any');
  const converted = await heic2any({ blob: file, toType: 'image/png' });
  const blob = Array.isArray(converted) ? (converted[0] as Blob) : converted;
  return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.png`, { type: 'image/png' });
}

/** The presigned PUT of platform-shell §7: extension from the file name, the image's type, URL without query. */
export async function uploadIdPhoto(original: File): Promise<string> {
  const file = await normaliseImage(original);
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase();
  const url = await callApi(generateUploadUrl, { typeName: suffix });
  const type = new URL(url, globalThis.location.href).searchParams.get('type') ?? file.type;
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: file }).catch(() => {
    throw new Error(CLIENT_MESSAGES.networkError);
  });
  if (res.status !== 200)
    throw new Error(
      res.status === 415 ? CLIENT_MESSAGES.imageFormatError : res.statusText || CLIENT_MESSAGES.networkError,
    );
  return url.split('?')[0] as string;
}
