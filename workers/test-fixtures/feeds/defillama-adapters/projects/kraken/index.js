const { cexExports } = require('../helper/cex')

const config = {
  ethereum: {
    owners: [
      '0x6977dC8d3c64B877e491270f4821a519fCFb70D4',  // - Cold Wallet
      '0x1111111111111111111111111111111111111a01',  // - Hot Wallet
      '0x5ed90e2751194bad27bc8d3ef087ba2cb9eab75d',  // - Internal
    ],
  },
  bitcoin: {
    owners: [
      'bc1qynr99rk8hj2ym7m6r98l7q48zvv85hpr0r8uqr',
      'bc1q3ytrnqjma60rxc5r6wa34kjekck08ppu5sr3gr',
    ],
  },
  starknet: {
    owners: [
      '0x04a1b2c3d4e5f60718293a4b5c6d7e8f9012345678abcdef0123456789abcdef'
    ],
  },
}

module.exports = cexExports(config)
