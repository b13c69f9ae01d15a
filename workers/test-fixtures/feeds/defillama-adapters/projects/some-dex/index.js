// Not an exchange: this adapter uses neither require('../helper/cex') nor cexExports(config).
const { sumTokensExport } = require('../helper/unwrapLPs')

const owners = ['0x5555555555555555555555555555555555550e01']

module.exports = {
  ethereum: { tvl: sumTokensExport({ owners, tokens: ['0x5555555555555555555555555555555555550e02'] }) },
}
