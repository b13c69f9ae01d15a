// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

// Not a PoC (no _exp.sol): never read.
// Attacker : https://etherscan.io/address/0x38098B935D9A2aA944C533a9020D6fDcA0202BbA

interface IERC20 {
    function balanceOf(address account) external view returns (uint256);
}
