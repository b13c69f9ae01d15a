// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

// @KeyInfo - Total Lost : 3 ETH
// Attacker Address(EOA) : 0x0668c2650Ff25E08Ee350409d884420990725969
// Attack Contract : N/A
// Vulnerable Contract : N/A
// Attack Tx : 0x3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d
// Chain : Base

contract AttackTest is Base {
    function setUp() public {
        vm.createSelectFork(vm.envString("RPC_URL"));
    }
}
