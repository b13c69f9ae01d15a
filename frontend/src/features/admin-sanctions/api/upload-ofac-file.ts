import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SANCTIONS_UPLOAD_MAX_BYTES, sanctionsSyncResponseSchema, type SanctionsSyncResponse } from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { api } from '../../../lib/http-client';
import { sanctionsStatusQueryKey } from './get-sanctions-status';

export interface OfacFileUpload {
  file: File;
  /** Replace the list in force even though this file is older (or states no date). */
  allowOlder: boolean;
  /** Called as the file goes out: the share sent, 0 to 1. */
  onProgress?: (share: number) => void;
}

/**
 * POST /api/admin/sanctions/upload: the file itself as the request body (never read into memory
 * here: the browser streams it), with its name and the allow-older choice in the query.
 */
export function uploadOfacFile(input: OfacFileUpload): Promise<SanctionsSyncResponse> {
  if (input.file.size > SANCTIONS_UPLOAD_MAX_BYTES) {
    return Promise.reject(new ApiError(413, `${input.file.name} is larger than ${SANCTIONS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB, the most an upload may be.`));
  }
  return api.upload('/admin/sanctions/upload', input.file, {
    query: { file_name: input.file.name, allow_older: input.allowOlder ? 'true' : undefined },
    schema: sanctionsSyncResponseSchema,
    onProgress: (sent, total) => input.onProgress?.(total > 0 ? Math.min(1, sent / total) : 0),
  });
}

export function useUploadOfacFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadOfacFile,
    onSuccess: (body) => client.setQueryData(sanctionsStatusQueryKey, body.status),
    // A refused file is an attempt in the sync log: the status's last failure changed.
    onError: () => client.invalidateQueries({ queryKey: sanctionsStatusQueryKey }),
  });
}
