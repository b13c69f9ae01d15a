const { cexExports } = require("../helper/cex")

// Wallets as the exchange publishes them: https://nonkyc.example/proof-of-reserves
const methodology = "Proof of reserves, see https://nonkyc.example/por//wallets"; const dogeOwners = ["DBMwyhPCsSMjtk86GKTWh6rxE4Fq25d722"] // the URL's // is no comment

const config = {
  // ethereum: { owners: ['0x4444444444444444444444444444444444440d99'] },
  litecoin: { owners: ["ltc1qt0p0khg4kjtasaq0d48wx85hl5lemg4z5ruzvd"] },
  doge: { owners: dogeOwners },
  ripple: { owners: ["rpXafmRWt74NEWdguURrADSYS5sPCU2X4C"] },
  /* bitcoincash: {
    owners: ["bitcoincash:qqfs8chvxpdgpfgas7gffnhuqtsgkyfdpvzg8v9smw"],
  }, */ // we dont support bitcoincash on CEX dashboard
  bitcoin: {
    owners: [
      "bc1q4nyacd4lwfn3ta58jqhfhar3485qc68tl047au", // cold wallet
      /* "bc1q45wyf5zpyqydxf7qr3mmzhxpp4gf9q77ct8gxj", retired */
    ],
  },
  cardano: { owners: ["addr1qxd9invented0000000000000000000000000000000000000000"] },
}

module.exports = cexExports(config)
module.exports.methodology = methodology
