/**
 * A check's evidence bundle (GET /api/transactions/checks/{id}/evidence for its owner,
 * /api/admin/checks/{id}/evidence in the admin area): one JSON file, saved as
 * walletscreen-evidence-<id>.json, that anyone verifies offline with `npx walletscreen-verify`.
 */
import { useMutation } from '@tanstack/react-query';
import { saveFile } from './download-aml-report';
import { api } from './http-client';

export const evidenceFileName = (checkId: string) => `walletscreen-evidence-${checkId}.json`;

/** Fetches the bundle at `path` (under /api) and hands it to the browser's downloads. */
export async function downloadEvidence(path: string, checkId: string): Promise<void> {
  const { blob } = await api.download('GET', path, { accept: 'application/json' });
  saveFile(blob, evidenceFileName(checkId));
}

export function useDownloadEvidence() {
  return useMutation({ mutationFn: ({ path, checkId }: { path: string; checkId: string }) => downloadEvidence(path, checkId) });
}
