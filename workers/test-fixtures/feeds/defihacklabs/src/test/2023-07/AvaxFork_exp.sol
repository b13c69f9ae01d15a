// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

// @KeyInfo - Total Lost : 12 AVAX
// Attacker : 0xbBA2ECE21142261F352f7baf9Dc17EEB247ca638

contract AvaxForkExploit is Test {
    function setUp() public {
        vm.createSelectFork("avalanche", 1);
    }
}
