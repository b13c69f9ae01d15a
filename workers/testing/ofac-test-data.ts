/**
 * Test support for the OFAC parsers' tests: listed addresses of each kind, a file cut into chunks
 * of any size, and the SanctionsListError a parse throws.
 */
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';

export const xbt = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
export const segwit = 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut';
export const eth = '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16';
export const tron = 'TPrB1PFCqxJximuVGjsZ1oDJ6nrCqfW1FV';

/** The bytes in chunks of `size`, as a download or a file stream delivers them. */
export async function* pieces(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

export const thrown = (f: () => unknown): SanctionsListError => {
  try {
    f();
  } catch (error) {
    if (error instanceof SanctionsListError) return error;
    throw error;
  }
  throw new Error('expected a SanctionsListError');
};
