const imports = [
  ["okex", "./okex.js"],
  ["bitmex", "./bitmex.js"],
];
const fetchers = require("./fetchers.js");

const mexc = ["bc1qvegvk6a2ndc9mu4kngvazlapjkmtku5anhr5xc"];

function getBTCExport(key) {
  if (!module.exports[key]) throw new Error(`No export found for ${key}`);
  return module.exports[key];
}

module.exports = {
  ...fetchers,
  getBTCExport,
  mexc,
  "poloniex-cex": [
    "bc1qcnwfdpdg0k4xv4wjldrem44zrhm0uaydh30506",
  ],
};

imports.forEach(([key, file]) => {
  try {
    module.exports[key] = require(file);
  } catch (e) {
    console.error(`Error importing ${key} from ${file}:`, e);
  }
});
