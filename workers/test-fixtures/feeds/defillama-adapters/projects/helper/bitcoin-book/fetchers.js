const { get } = require("../http");

module.exports = {
  binanceFetcher: async () => {
    const { data } = await get("https://www.binance.example/bapi/apex/v1/public/apex/market/por/address");
    return data.filter((row) => row.network === "BTC").map((row) => row.address);
  },
};
