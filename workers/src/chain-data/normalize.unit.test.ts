import { chainDataConfigFromEnv, ChainDataConfigError } from './config';
import { CounterpartyBook, splitProportionally } from './counterparties';
import { checkEtherscan } from './etherscan';
import { checkJsonRpc, systemTransfers } from './solana-rpc';
import { rateLookup } from './service';
import { tronAddress } from './trongrid';
import { defaultChainDataConfig } from './types';
import { readXrplEntry } from './xrpl';

describe('CounterpartyBook', () => {
  it('sums what the wallet received from and sent to each address, and sorts by volume', () => {
    const book = new CounterpartyBook(8);
    book.add({ counterparty: 'A', direction: 'in', amount: 25_000_000n, txid: 't1', time: '2023-11-14T22:13:20.000Z' });
    book.add({ counterparty: 'A', direction: 'out', amount: 20_000_000n, txid: 't3', time: '2024-05-29T16:26:40.000Z' });
    book.add({ counterparty: 'B', direction: 'in', amount: 40_000_000n, txid: 't2', time: '2024-03-09T16:00:00.000Z' });
    book.add({ counterparty: 'C', direction: 'out', amount: 0n, txid: 't4', time: null });
    book.add({ counterparty: 'C', direction: 'out', amount: 0n, txid: 't5', time: null });
    expect(book.list()).toEqual([
      {
        address: 'A',
        direction: 'both',
        txCount: 2,
        received: '0.25',
        sent: '0.2',
        firstSeen: '2023-11-14T22:13:20.000Z',
        lastSeen: '2024-05-29T16:26:40.000Z',
      },
      { address: 'B', direction: 'in', txCount: 1, received: '0.4', sent: '0', firstSeen: '2024-03-09T16:00:00.000Z', lastSeen: '2024-03-09T16:00:00.000Z' },
      { address: 'C', direction: 'out', txCount: 2, received: '0', sent: '0', firstSeen: null, lastSeen: null },
    ]);
  });

  it('keeps at most the requested number, and merges addresses that compare equal', () => {
    const book = new CounterpartyBook(18, (a) => a.toLowerCase());
    for (let i = 0; i < 60; i++) book.add({ counterparty: `0xAbC${i}`, direction: 'in', amount: BigInt(i), txid: `t${i}`, time: null });
    book.add({ counterparty: '0xabc59', direction: 'in', amount: 1n, txid: 'x', time: null });
    const list = book.list();
    expect(list).toHaveLength(50);
    expect(list[0]).toMatchObject({ address: '0xAbC59', txCount: 2, received: '0.00000000000000006' });
  });

  it('lists token flows per counterparty and in total', () => {
    const book = new CounterpartyBook(6);
    const usdt = { token: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 };
    book.addToken({ ...usdt, counterparty: 'TC', direction: 'in', amount: 1_000_000_000n, txid: 'a', time: null });
    book.addToken({ ...usdt, counterparty: 'TA', direction: 'out', amount: 120_500_000n, txid: 'b', time: null });
    expect(book.list()[0]).toMatchObject({ address: 'TC', received: '0', tokens: [{ token: 'USDT', contract: usdt.contract, received: '1000', sent: '0' }] });
    expect(book.tokenTransfers()).toEqual([{ token: 'USDT', contract: usdt.contract, received: '1000', sent: '120.5' }]);
  });

  it('keeps the counterparty that moved the most of a weighed token within the limit, behind no small coin payments; never for a token it does not weigh', () => {
    const usdt = { token: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 };
    const fake = { token: 'USDT', contract: 'TJaZcuzVrGW5J4oPsk38fYY45GLsmHSvvm', decimals: 6 };
    const fill = (book: CounterpartyBook) => {
      for (let i = 0; i < 60; i++)
        book.add({ counterparty: `T-coin-${String(i).padStart(2, '0')}`, direction: 'in', amount: 1_000_000n + BigInt(i), txid: `c${i}`, time: null });
      book.addToken({ ...usdt, counterparty: 'T-usdt', direction: 'in', amount: 5_000_000_000n, txid: 'u', time: null });
      book.addToken({ ...fake, counterparty: 'T-fake', direction: 'in', amount: 9_000_000_000_000n, txid: 'f', time: null });
      return book;
    };
    const list = fill(
      new CounterpartyBook(
        6,
        (a) => a,
        (contract) => contract === usdt.contract,
      ),
    ).list(10);
    // All the USDT (100 % of it) outranks any one of 60 nearly equal coin payments (under 2 % each).
    expect(list[0]!.address).toBe('T-usdt');
    expect(list.slice(1).map((c) => c.address)).toEqual([
      'T-coin-59',
      'T-coin-58',
      'T-coin-57',
      'T-coin-56',
      'T-coin-55',
      'T-coin-54',
      'T-coin-53',
      'T-coin-52',
      'T-coin-51',
    ]);
    // Without weighed tokens the coin's order stands, and the token-only counterparties are cut off.
    expect(
      fill(new CounterpartyBook(6))
        .list(10)
        .map((c) => c.address),
    ).not.toContain('T-usdt');
  });
});

describe('splitProportionally', () => {
  it('splits exactly, the remainder to the largest weight', () => {
    expect(splitProportionally(50_000_000n, [80_000_000n, 20_000_000n])).toEqual([40_000_000n, 10_000_000n]);
    expect(splitProportionally(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(splitProportionally(10n, [0n, 0n])).toEqual([10n, 0n]);
    expect(splitProportionally(10n, [])).toEqual([]);
  });
});

describe('TRON addresses', () => {
  it('turns the hex form TronGrid uses into base58check', () => {
    expect(tronAddress('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(tronAddress('413e587c0026316290fe1a56315bb6d769a90112c3')).toBe('TFertxLCf7bF8QDJeG37rG1mZUv59xVrgR');
    expect(tronAddress('TFertxLCf7bF8QDJeG37rG1mZUv59xVrgR')).toBe('TFertxLCf7bF8QDJeG37rG1mZUv59xVrgR');
    expect(tronAddress(null)).toBeNull();
  });
});

describe('Etherscan envelopes', () => {
  it('accepts OK and "No transactions found", retries throttling, fails other NOTOK answers', () => {
    expect(checkEtherscan({ status: '1', message: 'OK', result: '0' })).toBeNull();
    expect(checkEtherscan({ status: '0', message: 'No transactions found', result: [] })).toBeNull();
    expect(checkEtherscan({ status: '0', message: 'NOTOK', result: 'Max calls per sec rate limit reached (5/sec)' })).toEqual({
      retry: 'Max calls per sec rate limit reached (5/sec)',
    });
    expect(checkEtherscan({ status: '0', message: 'NOTOK', result: 'Max rate limit reached' })).toEqual({ retry: 'Max rate limit reached' });
    expect(checkEtherscan({ status: '0', message: 'NOTOK', result: 'Max daily rate limit reached. 100000 calls per day' })).toEqual({
      fail: 'Max daily rate limit reached. 100000 calls per day',
    });
    expect(checkEtherscan({ status: '0', message: 'NOTOK', result: 'Invalid API Key' })).toEqual({ fail: 'Invalid API Key' });
  });
});

describe('Solana', () => {
  it('reads the SOL moved by System Program instructions, inner ones included', () => {
    const tx = {
      transaction: {
        message: {
          instructions: [
            { program: 'system', parsed: { type: 'transfer', info: { source: 'B', destination: 'W', lamports: 5_000_000_000 } } },
            { program: 'spl-token', parsed: { type: 'transfer', info: { source: 'x', destination: 'y', amount: '1' } } },
          ],
        },
      },
      meta: {
        innerInstructions: [
          {
            index: 0,
            instructions: [
              {
                program: 'system',
                parsed: {
                  type: 'createAccount',
                  info: { source: 'W', newAccount: 'N', lamports: 2_039_280, owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', space: 165 },
                },
              },
            ],
          },
        ],
      },
    };
    expect(systemTransfers(tx)).toEqual([
      { source: 'B', destination: 'W', lamports: 5_000_000_000n },
      { source: 'W', destination: 'N', lamports: 2_039_280n },
    ]);
  });

  it('retries "node is behind" JSON-RPC errors and fails the others', () => {
    expect(checkJsonRpc({ jsonrpc: '2.0', result: 1, id: 1 })).toBeNull();
    expect(checkJsonRpc({ jsonrpc: '2.0', error: { code: -32005, message: 'Node is behind by 42 slots' }, id: 1 })).toEqual({
      retry: 'Node is behind by 42 slots',
    });
    expect(checkJsonRpc({ jsonrpc: '2.0', error: { code: -32602, message: 'Invalid param: Invalid' }, id: 1 })).toEqual({ fail: 'Invalid param: Invalid' });
  });
});

describe('XRPL account_tx entries', () => {
  it('reads API v1 (tx, date in Ripple time) and API v2 (tx_json, hash, close_time_iso, DeliverMax)', () => {
    const v1 = {
      meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '150000000' },
      tx: { Account: 'rB', Destination: 'rW', Amount: '150000000', TransactionType: 'Payment', date: 767865600, hash: 'AB' },
      validated: true,
    };
    const v2 = {
      meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '1000000' },
      tx_json: { Account: 'rW', Destination: 'rA', DeliverMax: '2000000', TransactionType: 'Payment', date: 770558400, ledger_index: 87654321 },
      hash: 'CD',
      close_time_iso: '2024-06-01T12:00:00Z',
      ledger_index: 87654321,
      validated: true,
    };
    expect(readXrplEntry(v1)).toEqual({
      hash: 'AB',
      time: '2024-05-01T08:00:00.000Z',
      type: 'Payment',
      account: 'rB',
      destination: 'rW',
      delivered: 150_000_000n,
      success: true,
    });
    expect(readXrplEntry(v2)).toMatchObject({ hash: 'CD', time: '2024-06-01T12:00:00.000Z', account: 'rW', destination: 'rA', delivered: 1_000_000n });
  });

  it('counts no XRP for an issued-currency payment', () => {
    const iou = {
      meta: { TransactionResult: 'tesSUCCESS', delivered_amount: { currency: 'USD', issuer: 'rI', value: '2.5' } },
      tx: { TransactionType: 'Payment', Account: 'rA', Destination: 'rW', Amount: { currency: 'USD', issuer: 'rI', value: '2.5' }, hash: 'EF' },
    };
    expect(readXrplEntry(iou).delivered).toBeNull();
  });
});

describe('rate lookup', () => {
  it("takes the provider's own rate, then its family's, then the default", () => {
    const rate = rateLookup({ 'mempool.space': 3, esplora: 7, blockscout: 5, default: 2 });
    expect(rate('esplora/mempool.space')).toBe(3);
    expect(rate('esplora/my-esplora.local:3000')).toBe(7);
    expect(rate('blockscout/blockscout:base')).toBe(5);
    expect(rate('xrpl/xrpl')).toBe(2);
  });
});

describe('chainDataConfigFromEnv', () => {
  it('keeps the defaults when nothing is set', () => {
    expect(chainDataConfigFromEnv({})).toEqual(defaultChainDataConfig);
  });

  it('reads keys, URL lists, a switched-off Blockscout and numbers', () => {
    const config = chainDataConfigFromEnv({
      ETHERSCAN_API_KEY: ' key-1 ',
      TRONGRID_API_KEY: '',
      BITCOIN_ESPLORA_URLS: 'http://esplora.local:3000/api/, https://blockstream.info/api',
      DOGECOIN_ESPLORA_URLS: 'https://doge-esplora.example/api',
      BLOCKSCOUT_POLYGON_URL: '',
      BLOCKSCOUT_BSC_URL: 'https://bsc.blockscout.example',
      SOLANA_RPC_URL: 'https://rpc.example/solana',
      CHAIN_DATA_TIMEOUT_MS: '5000',
      CHAIN_DATA_RETRIES: '0',
    });
    expect(config).toMatchObject({
      etherscanApiKey: 'key-1',
      bitcoinEsploraUrls: ['http://esplora.local:3000/api', 'https://blockstream.info/api'],
      dogecoinEsploraUrls: ['https://doge-esplora.example/api'],
      solanaRpcUrl: 'https://rpc.example/solana',
      timeoutMs: 5000,
      retries: 0,
    });
    expect(config.tronGridApiKey).toBeUndefined();
    expect(config.blockscoutUrls.polygon).toBeUndefined();
    expect(config.blockscoutUrls.bsc).toBe('https://bsc.blockscout.example');
  });

  it('merges rate limits over the defaults; 0 lifts a limit', () => {
    const config = chainDataConfigFromEnv({ CHAIN_DATA_RATE_LIMITS: ' esplora=0, my-esplora.local:3000 = 50,etherscan=2.5' });
    expect(config.ratePerSecond).toEqual({ ...defaultChainDataConfig.ratePerSecond, esplora: 0, 'my-esplora.local:3000': 50, etherscan: 2.5 });
    expect(() => chainDataConfigFromEnv({ CHAIN_DATA_RATE_LIMITS: 'esplora' })).toThrow(/CHAIN_DATA_RATE_LIMITS: "esplora" is not name=requests-per-second/);
  });

  it('reads the trace settings, and refuses a depth beyond 3 or a fan-out of 0', () => {
    const config = chainDataConfigFromEnv({
      TRACE_DEPTH: '3',
      TRACE_FAN_OUT: '8',
      TRACE_REQUEST_BUDGET: '0',
      TRACE_TIME_LIMIT_MS: '5000',
      TRACE_CACHE_TTL_MS: '0',
    });
    expect(config.trace).toEqual({ ...defaultChainDataConfig.trace, depth: 3, fanOut: 8, requestBudget: 0, timeLimitMs: 5000, cacheTtlMs: 0 });
    expect(() => chainDataConfigFromEnv({ TRACE_DEPTH: '4' })).toThrow(/TRACE_DEPTH: must be an integer from 1 to 3/);
    expect(() => chainDataConfigFromEnv({ TRACE_FAN_OUT: '0' })).toThrow(/TRACE_FAN_OUT: must be an integer from 1 to 50/);
  });

  it('reads the price source, its key, and an empty URL as lookups turned off; refuses a URL that is not http(s)', () => {
    expect(chainDataConfigFromEnv({ PRICES_URL: 'https://pro-api.coingecko.com/api/v3/', COINGECKO_API_KEY: ' CG-key ' }).prices).toEqual({
      ...defaultChainDataConfig.prices,
      url: 'https://pro-api.coingecko.com/api/v3',
      apiKey: 'CG-key',
    });
    expect(chainDataConfigFromEnv({ PRICES_URL: '' }).prices.url).toBeNull();
    expect(() => chainDataConfigFromEnv({ PRICES_URL: 'coingecko' })).toThrow(/PRICES_URL: "coingecko" is not an http\(s\) URL/);
  });

  it('names every bad variable', () => {
    expect(() => chainDataConfigFromEnv({ XRPL_RPC_URL: 'wss://s1.ripple.com', CHAIN_DATA_RETRIES: '-1' })).toThrow(ChainDataConfigError);
    try {
      chainDataConfigFromEnv({ XRPL_RPC_URL: 'wss://s1.ripple.com', CHAIN_DATA_RETRIES: '-1' });
    } catch (error) {
      expect((error as ChainDataConfigError).problems).toEqual([
        'XRPL_RPC_URL: "wss://s1.ripple.com" is not an http(s) URL',
        'CHAIN_DATA_RETRIES: must be an integer of at least 0',
      ]);
    }
  });
});
