import { useMutation } from '@tanstack/react-query';
import type { AccountPurchase } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { saveFile } from '../../../lib/download-aml-report';

/** The saved receipt's file name, as the server names it. */
export const receiptFileName = (purchase: Pick<AccountPurchase, 'receipt_number'>) => `Receipt_${purchase.receipt_number.replace(/[^\w-]/g, '_')}.pdf`;

/** GET /api/account/purchases/{id}/receipt: the receipt as a PDF. */
export async function downloadReceipt(purchaseId: string, signal?: AbortSignal): Promise<Blob> {
  const { blob, contentType } = await api.download('GET', `/account/purchases/${encodeURIComponent(purchaseId)}/receipt`, {
    accept: 'application/pdf',
    signal,
  });
  if (!contentType.toLowerCase().includes('application/pdf')) throw new Error('The receipt is not a PDF');
  return blob;
}

/** Downloads a receipt and hands it to the browser's downloads. */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async (purchase: AccountPurchase) => saveFile(await downloadReceipt(purchase.id), receiptFileName(purchase)),
  });
}
