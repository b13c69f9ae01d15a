/**
 * Stage 4 of a check, "scanning intelligence feeds": the labelled addresses (the shipped labels
 * file, merged with a self-hoster's own, and the labels of every enabled feed's version in force)
 * and Chainabuse's abuse reports, behind one factory that the composition root builds from
 * configuration.
 */
import type { Network } from '@walletscreen/contracts';
import type { FeedLabel, FeedLabels, FeedRef } from '../feeds/feed-labels';
import { createChainabuseClient, type ChainabuseResult } from './chainabuse';
import { loadLabels, type AddressLabel } from './labels';

export interface IntelligenceOptions {
  /** A self-hoster's labels file in the shipped format, merged over the shipped labels. */
  extraLabelsFile?: string;
  /** The enabled feeds' labels (workers/src/feeds); without it only the labels files are read. */
  feeds?: FeedLabels;
  chainabuse: {
    /** CHAINABUSE_BASE_URL in production. */
    baseUrl: string;
    /** CHAINABUSE_API_KEY; without it Chainabuse is not queried. */
    apiKey?: string;
    /** Time limit of one request. */
    timeoutMs: number;
  };
  fetch?: typeof fetch;
  /** Waits before a retry; tests inject one that returns at once. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface Intelligence {
  /** The labels in force, for the check's record: see LabelIndex.labelsVersion. */
  readonly labelsVersion: string;
  readonly chainabuseConfigured: boolean;
  /**
   * The labels of each labelled address among `addresses` (keys are the addresses as given): the
   * labels files' and, after them, each enabled feed's, every feed label naming its feed and version.
   */
  labelsFor(network: Network, addresses: readonly string[]): Promise<Map<string, Array<AddressLabel | FeedLabel>>>;
  /** The enabled feeds with a version in force, for the check's record. */
  feedsInForce(): Promise<FeedRef[]>;
  /** The enabled feeds with no version loaded: their labels are not read, and the check says so. */
  feedsNotLoaded(network: Network): Promise<Array<{ id: string; name: string }>>;
  /** Never throws for HTTP or network failures; rethrows only the caller's own abort. */
  chainabuseReports(network: Network, address: string, signal?: AbortSignal): Promise<ChainabuseResult>;
  /** The sentence the report prints on its "Chainabuse:" line (summarizeChainabuse). */
  summarizeChainabuse(result: ChainabuseResult): string;
}

/** Throws LabelsFileError, naming every bad entry, when the extra labels file is missing or invalid. */
export function createIntelligence(options: IntelligenceOptions): Intelligence {
  const labels = loadLabels({ extraLabelsFile: options.extraLabelsFile });
  const chainabuse = createChainabuseClient({
    ...options.chainabuse,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  return {
    labelsVersion: labels.labelsVersion,
    chainabuseConfigured: chainabuse.configured,
    async labelsFor(network, addresses) {
      const found = new Map<string, Array<AddressLabel | FeedLabel>>(labels.labelsFor(network, addresses));
      if (!options.feeds) return found;
      for (const [address, fromFeeds] of await options.feeds.labelsFor(network, addresses)) found.set(address, [...(found.get(address) ?? []), ...fromFeeds]);
      return found;
    },
    feedsInForce: () => options.feeds?.inForce() ?? Promise.resolve([]),
    feedsNotLoaded: (network) => options.feeds?.notLoaded(network) ?? Promise.resolve([]),
    chainabuseReports: (network, address, signal) => chainabuse.chainabuseReports(network, address, signal),
    summarizeChainabuse,
  };
}

/** The sentence the report prints on its "Chainabuse:" line. */
export function summarizeChainabuse(result: ChainabuseResult): string {
  switch (result.status) {
    case 'ok': {
      if (result.reports === 0) return 'No reports';
      const count = `${result.reports} report${result.reports === 1 ? '' : 's'}`;
      return `${count}${result.categories.length > 0 ? ` (${result.categories.join(', ')})` : ''}: ${result.url}`;
    }
    case 'not-configured':
    case 'unavailable':
      return result.reason;
    default: {
      const _exhaustive: never = result;
      return _exhaustive;
    }
  }
}
