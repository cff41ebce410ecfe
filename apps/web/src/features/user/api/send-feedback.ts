import { feedback, feedbackPreSignedUrl } from '@app/protocol/calls/user-help';
import type { CallInput } from '@app/protocol/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { putFileToHost } from '../../../lib/bridge';
import { sceneOfPath } from '../../../lib/platform';
import { uploadImage } from '../../../lib/upload-image';

/** Screenshots one feedback may carry (the call's own limit). */
export const FEEDBACK_MAX_IMAGES = 4;

export const useSendFeedback = () =>
  useMutation({ mutationFn: (input: CallInput<typeof feedback>) => callApi(feedback, input) });

/** The pictures a game's files URL is taken for (the server's isGameHostImage). */
const HOSTED_IMAGE = /\.(?:png|jpe?g|webp|gif)$/i;

/**
 * One screenshot, answering its address. Inside the game view it goes up through the host's
 * putFileToAliYun (the game keeps it; the server takes its files URL); outside the game, or when
 * the host cannot take it, through the feedback's presigned PUT.
 */
export async function uploadFeedbackImage(file: File): Promise<string> {
  if (sceneOfPath(globalThis.location.pathname) === 'h5sdk' && HOSTED_IMAGE.test(file.name)) {
    const hosted = await putFileToHost(file);
    if (hosted) return hosted;
  }
  return uploadImage(file, (typeName) => callApi(feedbackPreSignedUrl, { typeName }));
}
