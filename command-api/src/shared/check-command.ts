/**
 * The check command as the features that start or read checks see it (the public API, batches):
 * the command itself is the checks feature's (checks/service.ts), handed in by the composition
 * root; the check a key names, and the report's file name, are shared.
 */
import type { CheckProgress, Network } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import { checkIdFor } from '@walletscreen/domain/ids';

/** The check a user's Idempotency-Key names: the same key always names the same check. */
export { checkIdFor };

/** How a check was asked for, besides the address: the caller's reference, the API key, the batch, the re-screen, and how long to wait. */
export interface CheckVia {
  reference?: string;
  apiKeyId?: string;
  batchId?: string;
  waitMs?: number;
  /** A watched wallet's re-screen; a list-change one is free (rescreenPricing) and charges nothing. */
  rescreen?: NonNullable<WalletCheckRequested['rescreen']>;
}

/** A check as its own stream shows it: its progress, its request, and its store position (the answer's consistency token). */
export interface CheckAnswer {
  progress: CheckProgress;
  request: WalletCheckRequested;
  position: number;
}

/** Each answers with the check as its stream shows it. */
export interface CheckCommand {
  start(userId: string, input: { wallet_address: string; network?: Network }, idempotencyKey: string | undefined, via?: CheckVia): Promise<CheckAnswer>;
  follow(userId: string, checkId: string, waitMs?: number): Promise<CheckAnswer>;
}

/** The PDF of the user's own completed check (pdf/), handed in by the composition root. */
export type RenderCheckPdf = (userId: string, checkId: string) => Promise<{ pdf: Buffer; fileName: string }>;

/** The PDF report's file name. */
export const pdfFileName = (address: string) => `AML_Report_${address.replace(/[^A-Za-z0-9:_-]/g, '_')}.pdf`;
