/**
 * The Terms of Service and the Privacy notice shown until the operator provides their own: plain
 * terms for a self-hosted wallet-screening service, naming its operator and contact address.
 */
import type { LegalDocumentId } from '@walletscreen/contracts';

export interface Operator {
  /** Who runs this installation (the seller on receipts). */
  name: string;
  /** Where people write to. */
  email: string;
}

const terms = ({ name, email }: Operator) => `
This service screens crypto-wallet addresses for anti-money-laundering (AML) risk. It is operated by
**${name}** on its own infrastructure. By creating an account or using the service you agree to these
terms.

## 1. What the service does

- It checks a wallet address against sanctions lists (such as the OFAC SDN list), the block and allow
  lists of this installation, public intelligence feeds and the address's own transaction history,
  and gives a risk score from 0 to 100 with the evidence behind it.
- A report is an aid to your own risk assessment. It is not legal advice and not a decision about
  any person. You remain responsible for your compliance decisions and for meeting the rules that
  apply to you.
- Lists, feeds and blockchain data come from third parties. They can be incomplete, late or wrong,
  and a data source can be unavailable; a report says what it could not read.

## 2. Your account

- Give a valid e-mail address and keep your password and API keys secret. You are responsible for
  what is done with your account and keys.
- Use the service only for lawful purposes: screening counterparties, deposits, withdrawals and
  other transactions you handle. Do not use it to harass people, to evade sanctions or to probe
  the service's security.
- The operator may suspend an account that breaks these terms or endangers the service.

## 3. Checks, plans and payments

- New accounts receive free checks. Further checks are bought in plans; a check is charged once,
  and a check that fails is refunded.
- Purchased checks expire after the period shown when you buy them. Prices are shown before you pay.

## 4. Availability and liability

- The service is provided as it is, without a guarantee that it is always available or error-free.
- To the extent the law allows, the operator is not liable for indirect losses or for decisions
  taken on the basis of a report.

## 5. Changes and contact

The operator may change these terms; the version on this page applies. Questions:
[${email}](mailto:${email}).
`;

const privacy = ({ name, email }: Operator) => `
This notice explains what **${name}**, the operator of this wallet-screening service, records about
you and why. The service runs on the operator's own infrastructure; it does not sell your data or
use it for advertising.

## What is recorded

- **Your account:** e-mail address, company or user name, a hash of your password (never the
  password itself), your role, and when you signed in.
- **Your checks:** the wallet addresses you screen, when, and the results with their evidence.
  They are kept so that you, and the operator's auditors, can see why a result was given.
- **Purchases:** the plans you bought, their amounts and dates. Card payments are handled by the
  payment provider; the service never sees your card number.
- **Technical data:** what the server's logs hold about requests (such as the address they come
  from), used for security and to limit abuse.

## Why

To provide the screening you ask for, to bill it, to keep the service secure, and to meet the
operator's own legal and audit obligations. Records are kept in an append-only log, so that every
result can be traced; they are kept for as long as those obligations require.

## Who else sees data

- Wallet addresses are looked up with public blockchain and intelligence data sources, and, if
  the operator has enabled it, with a language-model provider that writes the report's narrative.
  Your name and e-mail address are not sent to them.
- Nobody else, unless the law requires it.

## Your rights

You may ask for a copy of the data about you, ask for it to be corrected, or ask for your account
to be closed, where the law (such as the GDPR) gives you that right. Write to
[${email}](mailto:${email}).
`;

/** The default text of each document, in Markdown, for this operator. */
export const defaultLegalText: Record<LegalDocumentId, (operator: Operator) => string> = { terms, privacy };
