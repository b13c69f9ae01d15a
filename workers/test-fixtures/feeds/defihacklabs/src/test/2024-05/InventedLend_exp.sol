// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

import "../interface.sol";

// @KeyInfo -- Total Lost : ~51K USD
// Attacker : 0x5eD90e2751194baD27BC8d3eF087Ba2Cb9eAB75D
// Attack Contracts :
//  - https://bscscan.com/address/0xd27c7Cc428fcC47e2283F43E7637DCBf89fB3Fe7
//  - https://snowtrace.io/address/0x4Db2e01b924FCB27994C2B4d6Da0165C8164914c
// Vulnerable Contract : 
// Attack Tx: https://app.blocksec.com/explorer/tx/bsc/0x1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f
// Time : 2024-05-13

// @Analysis
// Twitter Guy : https://example.org/inventedlend
// 0x47Fb40b8cdd553F4Bda5B15b16387Dac94c7253b (a free-text line after the header's lists: not read)

contract InventedLendExploit is Test {
    function setUp() public {
        cheats.createSelectFork("bsc", 38000000);
    }

    function testExploit() public {
        // Attacker : 0x47Fb40b8cdd553F4Bda5B15b16387Dac94c7253b (a comment in the body, not the header: never read)
    }
}
