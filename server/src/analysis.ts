/**
 * Builds the analysis side from configuration: the blockchain data sources, the intelligence
 * feeds, the interpreter, the seven stages and the pipeline. Shared by every composition root.
 */
import type { Config, EventStore, Logger, ReadStore } from '@walletscreen/platform';
import { ConfigError } from '@walletscreen/platform';
import { createCheckPipeline, type CheckPipeline } from '@walletscreen/workers/checks/pipeline';
import { createStages, type StageProviders } from '@walletscreen/workers/checks/stages';
import { chainDataConfigFromEnv } from '@walletscreen/workers/chain-data/config';
import { chainDataSetupProblems, createChainDataService } from '@walletscreen/workers/chain-data/service';
import { createPriceSource } from '@walletscreen/workers/chain-data/prices';
import { createTracer } from '@walletscreen/workers/chain-data/trace';
import type { ChainDataConfig } from '@walletscreen/workers/chain-data/types';
import { enabledFeedIds } from '@walletscreen/workers/feeds/catalog';
import { storedFeedLabels } from '@walletscreen/workers/feeds/feed-labels';
import { CHAINABUSE_BASE_URL } from '@walletscreen/workers/intelligence/chainabuse';
import { createIntelligence } from '@walletscreen/workers/intelligence/intelligence';
import { createInterpreter } from '@walletscreen/workers/interpretation/interpreter';

/** The blockchain data sources from the environment (chain-data/config.ts), a ConfigError when it is wrong. */
export function chainDataConfigOf(env: NodeJS.ProcessEnv): ChainDataConfig {
  try {
    return chainDataConfigFromEnv(env);
  } catch (error) {
    throw new ConfigError([error instanceof Error ? error.message : String(error)]);
  }
}

export interface AnalysisOptions {
  /** Replaces the HTTP client of every provider (tests replay recorded responses on loopback). */
  fetch?: typeof fetch;
}

/**
 * The stage providers from configuration, and what the administrator should know about their
 * set-up with the exact fix (`setupProblems`, logged at start): customers only read, in their
 * reports, what is missing and that their administrator can fix it. With the read models, checks
 * also read the enabled feeds' versions in force (FEEDS_ENABLED).
 */
export function createStageProviders(
  config: Config,
  env: NodeJS.ProcessEnv,
  options: AnalysisOptions = {},
  readStore?: ReadStore,
  logger?: Logger,
): { providers: StageProviders; setupProblems: string[] } {
  const chainConfig = chainDataConfigOf(env);
  const intelligence = createIntelligence({
    extraLabelsFile: config.EXTRA_LABELS_FILE,
    ...(readStore ? { feeds: storedFeedLabels({ readStore, enabled: enabledFeedIds(config.FEEDS_ENABLED) }) } : {}),
    chainabuse: { baseUrl: config.CHAINABUSE_URL ?? CHAINABUSE_BASE_URL, apiKey: config.CHAINABUSE_API_KEY, timeoutMs: 8_000 },
    fetch: options.fetch,
  });
  const interpreter = createInterpreter({
    ...(config.OPENAI_API_KEY
      ? { openai: { apiKey: config.OPENAI_API_KEY, baseUrl: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, timeoutMs: config.OPENAI_TIMEOUT_MS } }
      : {}),
    fetch: options.fetch,
  });
  const setupProblems = [
    ...chainDataSetupProblems(chainConfig).map((p) => `no blockchain data source for ${p.network}: ${p.fix}`),
    ...(config.CHAINABUSE_API_KEY ? [] : ['CHAINABUSE_API_KEY is not set: reports say Chainabuse was not queried']),
    ...(chainConfig.prices.url === null
      ? [
          'PRICES_URL is empty, so token transfers cannot be weighed against the native coin: set PRICES_URL to a CoinGecko-compatible API (default https://api.coingecko.com/api/v3), or checks of wallets that moved both are reported as incomplete',
        ]
      : []),
    ...(interpreter.setupProblem ? [interpreter.setupProblem] : []),
  ];
  const chainData = createChainDataService(chainConfig, { fetch: options.fetch });
  const providers: StageProviders = {
    chainData,
    tracer: createTracer(chainData, chainConfig.trace),
    prices: createPriceSource(chainConfig.prices, {
      fetch: options.fetch,
      onFailure: (reason) =>
        logger?.warn(
          { fix: "check that PRICES_URL answers CoinGecko's /simple/price (and COINGECKO_API_KEY, if the plan needs one)", reason },
          'prices could not be read: checks of wallets that moved tokens and coins lack evidence until they can',
        ),
    }),
    intelligence,
    interpreter,
  };
  return { providers, setupProblems };
}

export function createAnalysis(deps: {
  config: Config;
  env: NodeJS.ProcessEnv;
  eventStore: EventStore;
  /** The feeds' labels are read from the read models. */
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  options?: AnalysisOptions;
}): CheckPipeline {
  const { providers, setupProblems } = createStageProviders(deps.config, deps.env, deps.options, deps.readStore, deps.logger);
  for (const problem of setupProblems) deps.logger.warn({ fix: problem }, 'analysis set-up: checks will report this as missing evidence');
  return createCheckPipeline({
    eventStore: deps.eventStore,
    stages: createStages({ eventStore: deps.eventStore, providers }),
    clock: deps.clock,
    logger: deps.logger,
    stageTimeoutMs: deps.config.CHECK_STAGE_TIMEOUT_MS,
  });
}
