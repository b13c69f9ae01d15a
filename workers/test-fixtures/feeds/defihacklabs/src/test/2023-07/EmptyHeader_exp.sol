// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

// @KeyInfo - Total Lost : 
// Attacker : 
// Attack Contract : https://etherscan.io/tx/0x3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d
// Vulnerable Contract : https://etherscan.io/address/0x38098B935D9A2aA944C533a9020D6fDcA0202BbA

contract EmptyHeaderExploit is Test {
    function setUp() public {
        vm.createSelectFork("mainnet", 1);
    }
}
