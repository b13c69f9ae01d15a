// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

// @KeyInfo - Total Lost : ~$3K
// Attacker : 0xFe8CE57aeb3c693608857E0f242C0ff5A820F40e
// Attack Contract : 0x0Daba0ab0A024A511548BFf2F732956B44Ff7B32
// Vulnerable Contract : N/A

contract NoChainExploit is Test {
    function setUp() public {
        vm.createSelectFork(vm.envString("RPC_URL"));
    }
}
