const { cexExports } = require("../helper/cex");
const bitcoinAddressBook = require("../helper/bitcoin-book/index.js");

const ethOwners = [
  "0x2222222222222222222222222222222222220b01",
  "0xd27c7Cc428fcC47e2283F43E7637DCBf89fB3Fe7",
];

const config = {
  bitcoin: { owners: bitcoinAddressBook.okex },
  ethereum: {
    owners: ethOwners,
  },
  bsc: {
    owners: ethOwners.concat(["0x2222222222222222222222222222222222220b03"]),
  },
  tron: {
    owners: [
      "TJaZcuzVrGW5J4oPsk38fYY45GLsmHSvvm",
      "TCiqjWoposQ2aMSvHzhzApA419grPVneG8",
    ],
  },
  solana: {
    owners: ["E19gn1h1daBsatYktZZxJLRCEiRZzj7UnwGhk8Tg1oVH"],
  },
  era: {
    owners: ["0x2222222222222222222222222222222222220b02"],
  },
};

module.exports = cexExports(config);
