import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOM_LABELS_UPLOAD_MAX_BYTES, feedSyncResponseSchema, type FeedSyncResponse } from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { api } from '../../../lib/http-client';
import { feedsQueryKey } from './get-feeds';

/** POST /api/admin/feeds/custom-labels: the labels file itself as the request body, its name in the query. */
export function uploadCustomLabels(file: File): Promise<FeedSyncResponse> {
  if (file.size > CUSTOM_LABELS_UPLOAD_MAX_BYTES) {
    return Promise.reject(
      new ApiError(413, `${file.name} is larger than ${CUSTOM_LABELS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB, the most a labels file may be.`),
    );
  }
  return api.upload('/admin/feeds/custom-labels', file, { query: { file_name: file.name }, contentType: 'application/json', schema: feedSyncResponseSchema });
}

export function useUploadCustomLabels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadCustomLabels,
    // A refused file is an attempt in the sync log too.
    onSettled: () => client.invalidateQueries({ queryKey: feedsQueryKey }),
  });
}
