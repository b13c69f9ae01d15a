/**
 * POST /api/pdf/download_aml_report: the AML report as a PDF, saved as AML_Report_<wallet>.pdf.
 * Shared by the wallet checker's result and the history details. Failures (spec §5, §8) are
 * reported as "Download error: {message}" followed by "Please try again or contact support.".
 */
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { PdfRequest } from '@walletscreen/contracts';
import { api } from './http-client';

export const downloadMessages = {
  emptyReport: 'Report content is empty',
  emptyWallet: 'Wallet address is empty',
  invalidContentType: 'Invalid content type',
  contactSupport: 'Please try again or contact support.',
} as const;

/** A download refused before or after the call: the message is one of `downloadMessages`. */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

/** The file name of a saved report. */
export function reportFileName(walletAddress: string): string {
  return `AML_Report_${walletAddress.trim()}.pdf`;
}

/** "Download error: {message}\nPlease try again or contact support." */
export function downloadErrorText(error: unknown): string {
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : 'Unknown error';
  return `Download error: ${message}\n${downloadMessages.contactSupport}`;
}

/**
 * Fetches the PDF. Refuses an empty report or wallet address before calling, and a response that
 * is not a PDF after; HTTP errors carry the server's sentence or "HTTP {status}".
 */
export async function downloadAmlReport(request: PdfRequest, signal?: AbortSignal): Promise<Blob> {
  const aml_report = request.aml_report ?? '';
  const wallet_address = (request.wallet_address ?? '').trim();
  if (aml_report.trim() === '') throw new DownloadError(downloadMessages.emptyReport);
  if (wallet_address === '') throw new DownloadError(downloadMessages.emptyWallet);
  const body: PdfRequest = { aml_report, wallet_address, ...(request.check_id ? { check_id: request.check_id } : {}) };
  const { blob, contentType } = await api.download('POST', '/pdf/download_aml_report', { body, accept: 'application/pdf', signal });
  if (!contentType.toLowerCase().includes('application/pdf')) throw new DownloadError(downloadMessages.invalidContentType);
  return blob;
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads and saves the report; a failure shows the download error notification. */
export function useDownloadAmlReport() {
  return useMutation({
    mutationFn: async (request: PdfRequest) => {
      saveFile(await downloadAmlReport(request), reportFileName(request.wallet_address));
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: downloadErrorText(error),
        autoClose: 8_000,
        style: { whiteSpace: 'pre-line' },
      });
    },
  });
}
