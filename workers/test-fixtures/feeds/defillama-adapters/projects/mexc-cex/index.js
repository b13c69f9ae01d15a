const { cexExports } = require('../helper/cex')
const bitcoinAddressBook = require('../helper/bitcoin-book/index.js')
const { getSolanaOwners } = require('../helper/solana')

const owners = [
  '0x3333333333333333333333333333333333330c01',
  '0x3333333333333333333333333333333333330c02',
  '0x04a1b2c3d4e5f60718293a4b5c6d7e8f9012345678abcdef0123456789abcd01', // a starknet wallet listed under the EVM chains
]

const config = {
  bitcoin: { owners: bitcoinAddressBook.mexc },
  ethereum: { owners },
  bsc: { owners },
  avax: { owners },
  tron: { owners: ['TDvuwSwB6pQguD5t6ixdAgf8DJ6q6f2kpJ'] },
  solana: { owners: getSolanaOwners() },
}

module.exports = cexExports(config)
