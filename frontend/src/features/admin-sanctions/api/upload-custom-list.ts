import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customListUploadResponseSchema, type CustomListKind, type CustomListUploadRequest, type CustomListUploadResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { sanctionsStatusQueryKey } from './get-sanctions-status';
import { customListsQueryKey } from './get-custom-lists';

export interface CustomListUpload {
  name: string;
  kind: CustomListKind;
  file: File;
}

/** POST /api/admin/lists: the file's text, CSV when its name or type says so. */
export async function uploadCustomList(input: CustomListUpload): Promise<CustomListUploadResponse> {
  const content = await input.file.text();
  const csv = /\.csv$/i.test(input.file.name) || input.file.type === 'text/csv';
  const body: CustomListUploadRequest = { name: input.name.trim(), kind: input.kind, content, format: csv ? 'csv' : 'text' };
  return api.post('/admin/lists', body, { schema: customListUploadResponseSchema });
}

export function useUploadCustomList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadCustomList,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: customListsQueryKey }), client.invalidateQueries({ queryKey: sanctionsStatusQueryKey })]),
  });
}
