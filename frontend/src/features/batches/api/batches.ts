/**
 * The Batch screen's calls: the user's batches, one batch and its rows (pages of 50, filtered by
 * status on the server), the dry run and the submission of a file, and the two downloads.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BATCH_LIMITS,
  batchListSchema,
  batchPreviewSchema,
  batchRowsSchema,
  batchSchema,
  watchResultSchema,
  type Batch,
  type BatchPreview,
  type BatchRowStatus,
  type Network,
  type WatchResult,
  type WatchRequest,
} from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download-aml-report';
import { profileQueryKey } from '../../../lib/get-profile';
import { historyQueryKey } from '../../../lib/query-keys';
import { api } from '../../../lib/http-client';

export const batchesQueryKey = ['batches'] as const;
export const BATCH_ROWS_PAGE = 50;

export function batchListQueryOptions() {
  return queryOptions({
    queryKey: [...batchesQueryKey, 'list'] as const,
    queryFn: async ({ signal }) => (await api.get('/batches', { query: { limit: 100 }, schema: batchListSchema, signal })).items,
  });
}

export function batchQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...batchesQueryKey, 'one', id] as const,
    queryFn: ({ signal }) => api.get(`/batches/${encodeURIComponent(id)}`, { schema: batchSchema, signal }),
  });
}

export function batchRowsQueryOptions(id: string, status: BatchRowStatus | null, page: number) {
  return queryOptions({
    queryKey: [...batchesQueryKey, 'rows', id, status, page] as const,
    queryFn: ({ signal }) =>
      api.get(`/batches/${encodeURIComponent(id)}/rows`, {
        query: { limit: BATCH_ROWS_PAGE, offset: page * BATCH_ROWS_PAGE, status },
        schema: batchRowsSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useBatches = () => useQuery(batchListQueryOptions());
export const useBatch = (id: string | null) => useQuery({ ...batchQueryOptions(id ?? ''), enabled: id !== null });
export const useBatchRows = (id: string, status: BatchRowStatus | null, page: number) => useQuery(batchRowsQueryOptions(id, status, page));

/** A file larger than a batch may be is refused here, before it is sent. */
function tooLarge(file: File): ApiError | null {
  if (file.size <= BATCH_LIMITS.maxBytes) return null;
  return new ApiError(
    413,
    `${file.name} is larger than ${BATCH_LIMITS.maxBytes / (1024 * 1024)} MB, the most a batch file may be. Split it into smaller files.`,
  );
}

/**
 * POST /api/batches?dry_run=true: the file checked whole and its cost; nothing is recorded or
 * charged. `skipInvalid`: the rows that cannot be screened are left out (and listed) instead of refusing the file.
 */
export function previewBatch(file: File, options: { skipInvalid?: boolean; signal?: AbortSignal } = {}): Promise<BatchPreview> {
  const refused = tooLarge(file);
  if (refused) return Promise.reject(refused);
  return api.upload('/batches', file, {
    query: { dry_run: 'true', file_name: file.name, ...(options.skipInvalid ? { invalid_rows: 'skip' } : {}) },
    contentType: 'text/csv',
    schema: batchPreviewSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export interface BatchSubmission {
  file: File;
  /** Sent as the Idempotency-Key: a new one screens a file already screened again. */
  idempotencyKey?: string;
  /** Leave the rows that cannot be screened out, and screen the others. */
  skipInvalid?: boolean;
}

/** POST /api/batches: the batch (202 when new, 200 when the same file already made it). */
export function submitBatch({ file, idempotencyKey, skipInvalid }: BatchSubmission): Promise<Batch> {
  const refused = tooLarge(file);
  if (refused) return Promise.reject(refused);
  return api.upload('/batches', file, {
    query: { file_name: file.name, ...(skipInvalid ? { invalid_rows: 'skip' } : {}) },
    contentType: 'text/csv',
    schema: batchSchema,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}

export function useSubmitBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitBatch,
    onSuccess: (batch) => {
      client.setQueryData(batchQueryOptions(batch.id).queryKey, batch);
      void client.invalidateQueries({ queryKey: batchesQueryKey });
      void client.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

/** A batch moved (a socket message): its figures, its rows, the list, and the balance and History once it ends. */
export function refreshBatch(client: ReturnType<typeof useQueryClient>, batchId: string, completed: boolean) {
  void client.invalidateQueries({ queryKey: [...batchesQueryKey, 'one', batchId] });
  void client.invalidateQueries({ queryKey: [...batchesQueryKey, 'rows', batchId] });
  void client.invalidateQueries({ queryKey: [...batchesQueryKey, 'list'] });
  if (completed) {
    void client.invalidateQueries({ queryKey: profileQueryKey });
    void client.invalidateQueries({ queryKey: historyQueryKey });
  }
}

/** The app's API paths are under /api, which the client adds. */
const apiPath = (link: string) => (link.startsWith('/api/') ? link.slice(4) : link);

/** Downloads a batch's results CSV or its reports ZIP and saves it. */
export async function downloadBatchFile(link: string, fileName: string, accept: string): Promise<void> {
  const { blob } = await api.download('GET', apiPath(link), { accept });
  saveFile(blob, fileName);
}

/**
 * Watches the batch's screened wallets (one item per distinct wallet, compared next with its
 * check here): the rows are read a page of 500 at a time, then sent to the watchlist at once.
 */
export async function watchBatchWallets(batchId: string): Promise<WatchResult> {
  const items: Array<{ address: string; network: Network; reference?: string; check_id: string }> = [];
  for (let offset = 0; ; offset += 500) {
    const page = await api.get(`/batches/${encodeURIComponent(batchId)}/rows`, { query: { status: 'completed', limit: 500, offset }, schema: batchRowsSchema });
    for (const row of page.items) {
      if (row.same_as_line !== null || !row.check_id) continue;
      items.push({ address: row.address, network: row.network as Network, ...(row.reference ? { reference: row.reference } : {}), check_id: row.check_id });
    }
    if (offset + page.items.length >= page.total || page.items.length === 0) break;
  }
  if (items.length === 0) throw new ApiError(400, 'No wallet of this batch has a completed check to watch.');
  return api.post('/watchlist', { items } satisfies WatchRequest, { schema: watchResultSchema });
}

export function useWatchBatch() {
  return useMutation({ mutationFn: watchBatchWallets });
}
