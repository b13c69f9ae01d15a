/**
 * A screening as the public API answers GET /api/v1/screenings/{id}, and as the
 * `screening.completed` webhook carries it.
 */
import { isIncompleteVerdict, type CheckProgress, type Screening } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';

export const screeningLink = (id: string) => `/api/v1/screenings/${id}`;

export function screeningOf(progress: CheckProgress, request: Pick<WalletCheckRequested, 'reference' | 'at'>): Screening {
  const id = progress.check_id;
  return {
    id,
    status: progress.status,
    address: progress.wallet_address,
    network: progress.network,
    reference: request.reference ?? null,
    stage: progress.stage,
    requested_at: request.at,
    result: progress.result ?? null,
    error: progress.status === 'failed' ? (progress.error ?? 'The analysis could not be completed') : null,
    // A failed check, and one that came back Incomplete, give their charge back (refundOwed).
    refunded: progress.status === 'failed' || (progress.status === 'completed' && isIncompleteVerdict(progress.result)),
    links: { self: screeningLink(id), report_pdf: `${screeningLink(id)}/report.pdf` },
  };
}
