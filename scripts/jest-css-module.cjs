// Style sheets have no behaviour to test; jsdom gets an empty module for them.
module.exports = {};
