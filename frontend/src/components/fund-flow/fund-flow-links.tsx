/**
 * Where an address of the fund-flow graph leads besides its explorer page: for a customer, the
 * wallet checker with the address filled in (a check costs a credit, so it starts only when asked);
 * in the admin area, the Wallets screen opened on it. The admin layout provides its own.
 */
import { createContext, useContext } from 'react';
import { shortenAddress } from '@walletscreen/contracts';
import { adminWalletPath, walletCheckerPath } from './fund-flow-display';

export interface AddressLink {
  to: string;
  /** The link's visible text. */
  text: string;
  /** Its accessible name, naming the address. */
  label: string;
}

export type AddressLinkOf = (address: string, network: string | undefined) => AddressLink;

export const walletCheckerLink: AddressLinkOf = (address, network) => ({
  to: walletCheckerPath(address, network),
  text: 'Check',
  label: `Check ${shortenAddress(address)} in the wallet checker`,
});

export const adminWalletsLink: AddressLinkOf = (address, network) =>
  network
    ? { to: adminWalletPath(address, network), text: 'Wallets', label: `Open ${shortenAddress(address)} in Wallets` }
    : walletCheckerLink(address, network);

export const FundFlowLinks = createContext<AddressLinkOf>(walletCheckerLink);

export const useAddressLink = (): AddressLinkOf => useContext(FundFlowLinks);
