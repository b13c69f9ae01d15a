/**
 * What the two EVM providers (Blockscout, Etherscan v2) share: native symbols, chain ids, and how
 * a transaction or a token transfer becomes counterparty flows.
 */
import { toChecksumAddress, type EvmNetwork } from '@walletscreen/contracts';
import type { CounterpartyBook } from './counterparties';

export const evmSymbols: Record<EvmNetwork, string> = {
  ethereum: 'ETH',
  bsc: 'BNB',
  polygon: 'POL',
  arbitrum: 'ETH',
  base: 'ETH',
  optimism: 'ETH',
};

/** Etherscan v2 `chainid` of each network. */
export const evmChainIds: Record<EvmNetwork, number> = {
  ethereum: 1,
  bsc: 56,
  polygon: 137,
  arbitrum: 42161,
  base: 8453,
  optimism: 10,
};

export const evmKey = (address: string) => address.toLowerCase();

/** EIP-55 form of a 0x address; other text as is. */
export const displayEvm = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? toChecksumAddress(address) : address);

export interface EvmTransfer {
  txid: string;
  from: string | null;
  to: string | null;
  value: bigint;
  time: string | null;
  failed: boolean;
}

/** A native transfer: sent to `to` when the wallet is `from`, received from `from` when it is `to`. */
export function addEvmTransfer(book: CounterpartyBook, wallet: string, t: EvmTransfer): void {
  const self = evmKey(wallet);
  const from = t.from ? evmKey(t.from) : null;
  const to = t.to ? evmKey(t.to) : null;
  const amount = t.failed ? 0n : t.value;
  if (from === self && to !== null && to !== self) book.add({ counterparty: displayEvm(t.to!), direction: 'out', amount, txid: t.txid, time: t.time });
  else if (to === self && from !== null && from !== self) book.add({ counterparty: displayEvm(t.from!), direction: 'in', amount, txid: t.txid, time: t.time });
}

export interface EvmTokenTransfer {
  txid: string;
  from: string | null;
  to: string | null;
  value: bigint;
  time: string | null;
  token: string;
  contract: string;
  decimals: number;
}

export function addEvmTokenTransfer(book: CounterpartyBook, wallet: string, t: EvmTokenTransfer): void {
  const self = evmKey(wallet);
  const from = t.from ? evmKey(t.from) : null;
  const to = t.to ? evmKey(t.to) : null;
  const token = { token: t.token, contract: displayEvm(t.contract), decimals: t.decimals, amount: t.value, txid: t.txid, time: t.time };
  if (from === self && to !== null && to !== self) book.addToken({ ...token, counterparty: displayEvm(t.to!), direction: 'out' });
  else if (to === self && from !== null && from !== self) book.addToken({ ...token, counterparty: displayEvm(t.from!), direction: 'in' });
}
