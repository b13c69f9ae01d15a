// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.15;

import "../basetest.sol";
import "../interface.sol";

// @KeyInfo - Total Lost : 19.7k USD
// Attacker : https://etherscan.io/address/0xa7e9b982b0e19a399bc737ca5346ef0ef12046da
// Attack Contract : https://etherscan.io/address/0xa6dc1fc33c03513a762cdf2810f163b9b0fd3a71
// Vulnerable Contract : https://etherscan.io/address/0xf4a21ac7e51d17a0e1c8b59f7a98bb7a97806f14
// Attack Tx : https://etherscan.io/tx/0xc7477d6a5c63b04d37a39038a28b4cbaa06beb167e390d55ad4a421dbe4067f8

// @Info
// Vulnerable Contract Code : https://etherscan.io/address/0xf4a21ac7e51d17a0e1c8b59f7a98bb7a97806f14#code

// @Analysis
// Post-mortem : N/A
// Twitter Guy : https://x.com/SuplabsYi/status/1956306748073230785
// Hacking God : N/A
pragma solidity ^0.8.0;

contract SizeCredit is BaseTestWithBalanceLog {
    function setUp() public {
        vm.createSelectFork("mainnet", 23145763);
    }

    function testExploit() public balanceLog {
        // (body left out of the fixture)
    }
}
