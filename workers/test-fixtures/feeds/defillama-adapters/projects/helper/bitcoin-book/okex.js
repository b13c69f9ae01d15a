module.exports = [
  '1AXwug4uyzsGqC58jQezoWQHeu3fkRKVpk',
  // 'bc1qcsqum2fhpklws22jmlw4nrtp0c4kt3pns06q7f', (moved out)
  'bc1qdrkm5va2lzcmz6x8vtqwx2x9jt3t7fyu6ndf5u',
]
