/**
 * The assets a check can weigh against each other: each network's native coin and the tokens we
 * know by contract (the main stablecoins and wrapped coins, which carry most token value, and on
 * TRON most illicit value: USDT), each with the id its price has at the price source (CoinGecko's
 * coin ids). A token is known by its contract, never by its symbol: anyone can deploy a token
 * called "USDT" (address-poisoning scams do), so a transfer of a contract not listed here is never
 * valued, whatever it calls itself.
 *
 * Contracts as their issuers publish them (Tether's and Circle's lists of supported chains, the
 * chains' bridged-token registries); wrapped coins are priced as the coin they wrap.
 */
import { evmNetworks, type Network } from '@walletscreen/contracts';

export interface KnownToken {
  symbol: string;
  /** As the network writes it (EIP-55 on EVM networks, base58 on TRON). */
  contract: string;
  /** The price source's id for what it is worth. */
  priceId: string;
}

/** The price id of each network's native coin (ETH on the EVM rollups). */
export const nativePriceIds: Record<Network, string> = {
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  dogecoin: 'dogecoin',
  'bitcoin-cash': 'bitcoin-cash',
  ethereum: 'ethereum',
  bsc: 'binancecoin',
  polygon: 'polygon-ecosystem-token',
  arbitrum: 'ethereum',
  base: 'ethereum',
  optimism: 'ethereum',
  tron: 'tron',
  solana: 'solana',
  xrp: 'ripple',
  // Screened against the lists only: never valued, named for completeness.
  monero: 'monero',
  zcash: 'zcash',
  dash: 'dash',
  'bitcoin-gold': 'bitcoin-gold',
  verge: 'verge',
  'ethereum-classic': 'ethereum-classic',
  'bitcoin-sv': 'bitcoin-cash-sv',
  other: '',
};

const USDT = 'tether';
const USDC = 'usd-coin';
const DAI = 'dai';

export const knownTokens: Record<Network, readonly KnownToken[]> = {
  monero: [],
  zcash: [],
  dash: [],
  'bitcoin-gold': [],
  verge: [],
  'ethereum-classic': [],
  'bitcoin-sv': [],
  other: [],
  bitcoin: [],
  litecoin: [],
  dogecoin: [],
  'bitcoin-cash': [],
  ethereum: [
    { symbol: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', priceId: USDT },
    { symbol: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', priceId: USDC },
    { symbol: 'DAI', contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F', priceId: DAI },
    { symbol: 'WETH', contract: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', priceId: 'ethereum' },
    { symbol: 'WBTC', contract: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', priceId: 'bitcoin' },
  ],
  bsc: [
    { symbol: 'USDT', contract: '0x55d398326f99059fF775485246999027B3197955', priceId: USDT },
    { symbol: 'USDC', contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', priceId: USDC },
    { symbol: 'ETH', contract: '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', priceId: 'ethereum' },
    { symbol: 'BTCB', contract: '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', priceId: 'bitcoin' },
  ],
  polygon: [
    { symbol: 'USDT', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', priceId: USDT },
    { symbol: 'USDC', contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', priceId: USDC },
    { symbol: 'USDC.e', contract: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', priceId: USDC },
    { symbol: 'WETH', contract: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', priceId: 'ethereum' },
  ],
  arbitrum: [
    { symbol: 'USDT', contract: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', priceId: USDT },
    { symbol: 'USDC', contract: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', priceId: USDC },
    { symbol: 'USDC.e', contract: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', priceId: USDC },
    { symbol: 'WETH', contract: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', priceId: 'ethereum' },
  ],
  base: [
    { symbol: 'USDC', contract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', priceId: USDC },
    { symbol: 'USDT', contract: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', priceId: USDT },
    { symbol: 'WETH', contract: '0x4200000000000000000000000000000000000006', priceId: 'ethereum' },
  ],
  optimism: [
    { symbol: 'USDT', contract: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', priceId: USDT },
    { symbol: 'USDC', contract: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', priceId: USDC },
    { symbol: 'WETH', contract: '0x4200000000000000000000000000000000000006', priceId: 'ethereum' },
  ],
  tron: [
    { symbol: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', priceId: USDT },
    { symbol: 'USDC', contract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', priceId: USDC },
  ],
  solana: [],
  xrp: [],
};

const isEvm = (network: Network) => (evmNetworks as readonly string[]).includes(network);
/** How contracts compare on a network: EVM ones in any letter case are the same. */
export const contractKey = (network: Network, contract: string): string => (isEvm(network) ? contract.toLowerCase() : contract);

const byContract = new Map<Network, Map<string, KnownToken>>(
  (Object.entries(knownTokens) as Array<[Network, readonly KnownToken[]]>).map(([network, tokens]) => [
    network,
    new Map(tokens.map((t) => [contractKey(network, t.contract), t])),
  ]),
);

/** The known token with this contract on `network`, or undefined (never valued). */
export const knownToken = (network: Network, contract: string): KnownToken | undefined => byContract.get(network)?.get(contractKey(network, contract));

/** Every price id a check may need, once each: the native coins' and the known tokens'. */
export const allPriceIds: readonly string[] = [
  ...new Set([...Object.values(nativePriceIds), ...Object.values(knownTokens).flatMap((tokens) => tokens.map((t) => t.priceId))]),
].sort();
