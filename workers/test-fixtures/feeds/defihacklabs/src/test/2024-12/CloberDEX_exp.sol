// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

import "../interface.sol";

// @KeyInfo - Total Lost : ~ $501 K US$ (133.7 WETH)
// Attacker : https://basescan.org/address/0x012Fc6377F1c5CCF6e29967Bce52e3629AaA6025
// Attack Contract : https://basescan.org/address/0x32Fb1BedD95BF78ca2c6943aE5AEaEAAFc0d97C1
// Fake Token Contract : https://basescan.org/address/0xd3c8d0cd07Ade92df2d88752D36b80498cA12788
// Vulnerable Contract : https://basescan.org/address/0x6A0b87D6b74F7D5C92722F6a11714DBeDa9F3895

contract CloberDEX is Test {
    function setUp() public {
        vm.createSelectFork("base", 1);
    }
}
