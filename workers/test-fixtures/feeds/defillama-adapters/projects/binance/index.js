const { cexExports } = require('../helper/cex')
const { get } = require('../helper/http')

// The wallets come from the exchange's proof-of-reserves API, at run time.
const POR_API = 'https://www.binance.example/bapi/apex/v1/public/apex/market/por/address'
const binanceToDefillama = { BTC: 'bitcoin', ETH: 'ethereum', BEP20: 'bsc', TRX: 'tron' }

function buildConfig(rows) {
  const config = {}
  for (const { network, address } of rows) {
    const chain = binanceToDefillama[network]
    if (!chain) continue
    config[chain] = config[chain] ?? { owners: [] }
    config[chain].owners.push(address)
  }
  return config
}

module.exports = cexExports(buildConfig(get(POR_API)))
