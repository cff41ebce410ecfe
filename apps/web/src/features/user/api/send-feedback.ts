import { feedback, feedbackPreSignedUrl } from '@app/protocol/calls/user-help';
import type { CallInput } from '@app/protocol/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { uploadImage } from '../../../lib/upload-image';

/** Screenshots one feedback may carry (the call's own limit). */
export const FEEDBACK_MAX_IMAGES = 4;

export const useSendFeedback = () =>
  useMutation({ mutationFn: (input: CallInput<typeof feedback>) => callApi(feedback, input) });

/** One screenshot through the feedback's presigned PUT; answers its address. */
export const uploadFeedbackImage = (file: File): Promise<string> =>
  uploadImage(file, (typeName) => callApi(feedbackPreSignedUrl, { typeName }));
