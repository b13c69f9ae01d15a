// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

// @KeyInfo - Total Lost : N/A
// Attacker 1: https://arbiscan.io/address/0x5eD90e2751194baD27BC8d3eF087Ba2Cb9eAB75D
// Attacker 2: https://blastscan.io/address/0x47Fb40b8cdd553F4Bda5B15b16387Dac94c7253b
// Attacker Contract : https://optimistic.etherscan.io/address/0xa7e9eFD6dC321B669Dd2533a29735C6a5d56eB45
// Fake Token Contract : https://app.blocksec.com/explorer/address/arbitrum/0xdb469e8495c57951dddba6512aa4c0701DDeFe75
// Attack Contract 2 : https://polygonscan.com/address/0xF2C6Fa5D21346fc04B3080A205506E0880cF2b48
// Vulnerable Contract : https://polygonscan.com/address/0xF2C6Fa5D21346fc04B3080A205506E0880cF2b48
// Victim Pair : 0x200db316CD2c65635BdD4F534D9A8C8164a9Ef04 (Pancake V2 pair)
// TX : https://phalcon.blocksec.com/explorer/tx/arbitrum/0x2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e

import "../interface.sol";

contract InventedSwapExploit is Test {
    function setUp() public {
        vm.createSelectFork("arbitrum", 1);
    }
}
