/** What the Batch screen says about a file, a batch and its rows. */
import { BATCH_LIMITS, type Batch, type BatchPreview, type BatchRowStatus } from '@walletscreen/contracts';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Wallets settled (a result, a refunded failure or not screened) of all the batch's wallets. */
export function batchProgress(batch: Pick<Batch, 'wallets' | 'completed' | 'failed' | 'skipped' | 'status'>): {
  settled: number;
  percent: number;
  text: string;
} {
  const settled = batch.completed + batch.failed + batch.skipped;
  const percent = batch.status === 'completed' || batch.wallets === 0 ? 100 : Math.min(99, Math.floor((settled / batch.wallets) * 100));
  return { settled, percent, text: `${settled.toLocaleString('en-US')} of ${count(batch.wallets, 'wallet')} screened` };
}

/** The batch's state in a word, with its colour: a finished batch that left wallets out says so. */
export function batchStatusBadge(batch: Pick<Batch, 'status' | 'failed' | 'skipped'>): { label: string; color: string } {
  if (batch.status === 'running') return { label: 'Running', color: 'blue' };
  if (batch.failed + batch.skipped > 0) return { label: 'Completed with gaps', color: 'yellow' };
  return { label: 'Completed', color: 'teal' };
}

/** What finished, what failed and what was not screened, in one line. */
export function batchOutcome(batch: Pick<Batch, 'completed' | 'failed' | 'skipped' | 'running'>): string {
  const parts = [`${batch.completed.toLocaleString('en-US')} screened`];
  if (batch.running > 0) parts.push(`${batch.running.toLocaleString('en-US')} running`);
  if (batch.failed > 0) parts.push(`${batch.failed.toLocaleString('en-US')} failed (refunded)`);
  if (batch.skipped > 0) parts.push(`${batch.skipped.toLocaleString('en-US')} not screened`);
  return parts.join(' · ');
}

export interface PreviewView {
  summary: string;
  cost: string;
  /** The batch this same file already made: submitting again answers with it and charges nothing. */
  alreadyScreened: boolean;
  /** Whether the checks left pay for screening the file (again). */
  affordable: boolean;
  /** Why the file cannot be screened now, or null. */
  shortfall: string | null;
  confirmLabel: string;
}

export function previewView(preview: BatchPreview): PreviewView {
  const checks = count(preview.wallets, 'check');
  const affordable = preview.wallets <= preview.checks_left;
  const alreadyScreened = preview.existing_batch_id !== null;
  return {
    summary: `${count(preview.rows, 'row')}, ${count(preview.wallets, 'distinct wallet')}. You have ${count(preview.checks_left, 'check')} left.`,
    cost: alreadyScreened
      ? `You already screened this file. Opening that batch costs nothing; screening it again costs ${checks}.`
      : `Screening costs ${checks}, one per distinct wallet. A check that fails or comes back Incomplete (data unavailable) is refunded.`,
    alreadyScreened,
    affordable,
    shortfall: affordable ? null : `This file needs ${checks} and you have ${count(preview.checks_left, 'check')} left. Buy more checks or split the file.`,
    confirmLabel: `${alreadyScreened ? 'Screen again' : 'Screen'} ${count(preview.wallets, 'wallet')} (${checks})`,
  };
}

export const rowStatusLabels: Record<BatchRowStatus, string> = {
  pending: 'Waiting',
  running: 'Running',
  completed: 'Screened',
  failed: 'Failed (refunded)',
  skipped: 'Not screened',
};
export const rowStatusColors: Record<BatchRowStatus, string> = { pending: 'gray', running: 'blue', completed: 'teal', failed: 'red', skipped: 'yellow' };

/** The file format in a sentence, for the upload panel. */
export const FORMAT_HINT = `A CSV file with a header row naming an address column (address, wallet or wallet_address) and, if you like, network and reference columns. Up to ${BATCH_LIMITS.maxRows.toLocaleString('en-US')} rows and ${BATCH_LIMITS.maxBytes / (1024 * 1024)} MB. The network is detected from the address when it is left out.`;

/** A file to start from: the header and two example rows. */
export const TEMPLATE_CSV =
  'address,network,reference\n1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2,bitcoin,deposit-1001\n0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe,ethereum,withdrawal-2001\n';
