import { generateKeyPairSync } from 'node:crypto';
import {
  appendLeaf,
  compactRangeRoot,
  emptyRange,
  EMPTY_ROOT,
  inclusionNodes,
  inclusionProof,
  leafHash,
  nodeKey,
  treeRoot,
  verifyInclusion,
  type CompactRange,
  type NodeId,
} from './merkle';
import { keyFingerprint, signTreeHead, treeHeadSignatureProblem, treeHeadText, type TreeHead } from './tree-head';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const unhex = (s: string) => Buffer.from(s, 'hex');

// The Certificate Transparency reference leaves and roots (RFC 6962's test vectors, as
// transparency-dev/merkle publishes them): the roots of the trees of the first 0..8 leaves.
const CT_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(unhex);
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const CT_PROOFS = [
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

/** A tree grown leaf by leaf, keeping every perfect subtree it completes (as the log-tree read model does). */
function grow(leaves: readonly Uint8Array[]) {
  let range: CompactRange = emptyRange();
  const nodes = new Map<string, string>();
  const roots: string[] = [hex(compactRangeRoot(range))];
  for (const leaf of leaves) {
    const step = appendLeaf(range, leafHash(leaf));
    range = step.range;
    for (const n of step.completed) nodes.set(nodeKey(n), n.hash);
    roots.push(hex(compactRangeRoot(range)));
  }
  const node = (id: NodeId) => {
    const h = nodes.get(nodeKey(id));
    if (!h) throw new Error(`node ${nodeKey(id)} was never completed`);
    return unhex(h);
  };
  return { range, roots, node };
}

describe('the log tree (RFC 9162 hashing)', () => {
  it('gives the reference roots for every size, grown leaf by leaf and read from its perfect subtrees', () => {
    expect(hex(EMPTY_ROOT)).toBe(CT_ROOTS[0]);
    const { roots, node } = grow(CT_LEAVES);
    expect(roots).toEqual(CT_ROOTS);
    for (let n = 0; n <= 8; n++) expect(hex(treeRoot(n, node))).toBe(CT_ROOTS[n]);
  });

  it('gives the reference inclusion proofs, and they verify', () => {
    const { node } = grow(CT_LEAVES);
    for (const p of CT_PROOFS) {
      expect(inclusionProof(p.index, p.size, node).map(hex)).toEqual(p.proof);
      expect(verifyInclusion(leafHash(CT_LEAVES[p.index]!), p.index, p.size, p.proof.map(unhex), unhex(CT_ROOTS[p.size]!))).toBe(true);
    }
  });

  it('proves every leaf of every tree up to 40 leaves against that size, reading only the subtrees it names; any change fails', () => {
    const leaves = Array.from({ length: 40 }, (_, i) => Buffer.from(`event ${i}`));
    const { node, roots } = grow(leaves);
    for (let size = 1; size <= leaves.length; size++) {
      const root = unhex(roots[size]!);
      for (let i = 0; i < size; i++) {
        const named = new Set(inclusionNodes(i, size).map(nodeKey));
        const proof = inclusionProof(i, size, (id) => {
          if (!named.has(nodeKey(id))) throw new Error(`read ${nodeKey(id)}, not named`);
          return node(id);
        });
        const leaf = leafHash(leaves[i]!);
        expect(verifyInclusion(leaf, i, size, proof, root)).toBe(true);
        expect(verifyInclusion(leafHash(Buffer.from(`event ${i}!`)), i, size, proof, root)).toBe(false);
        if (size > 1) expect(verifyInclusion(leaf, (i + 1) % size, size, proof, root)).toBe(false);
        if (proof.length > 0) {
          const bent = proof.map((p) => Buffer.from(p));
          bent[0]![0]! ^= 1;
          expect(verifyInclusion(leaf, i, size, bent, root)).toBe(false);
          expect(verifyInclusion(leaf, i, size, proof.slice(1), root)).toBe(false);
        }
      }
    }
  });
});

describe('signed tree heads', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const head: TreeHead = { origin: 'walletscreen.example', treeSize: 8, rootHash: CT_ROOTS[8]!, timestamp: '2026-11-28T09:00:00.000Z' };

  it('signs the documented text, names the key by its fingerprint, and verifies', () => {
    expect(treeHeadText(head)).toBe(
      `WalletScreen signed tree head v1\norigin walletscreen.example\ntree size 8\nroot hash ${CT_ROOTS[8]}\ntimestamp 2026-11-28T09:00:00.000Z\n`,
    );
    const signed = signTreeHead(head, privateKey);
    expect(signed.keyId).toBe(keyFingerprint(publicKey));
    expect(signed.keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(treeHeadSignatureProblem(signed, publicKey)).toBeNull();
  });

  it('fails once any field, the signature or the key differs', () => {
    const signed = signTreeHead(head, privateKey);
    expect(treeHeadSignatureProblem({ ...signed, treeSize: 9 }, publicKey)).toMatch(/signature does not verify/);
    expect(treeHeadSignatureProblem({ ...signed, rootHash: CT_ROOTS[7]! }, publicKey)).toMatch(/signature does not verify/);
    expect(treeHeadSignatureProblem({ ...signed, timestamp: '2026-11-28T09:00:00.001Z' }, publicKey)).toMatch(/signature does not verify/);
    const sig = Buffer.from(signed.signature, 'base64');
    sig[10]! ^= 1;
    expect(treeHeadSignatureProblem({ ...signed, signature: sig.toString('base64') }, publicKey)).toMatch(/signature does not verify/);
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(treeHeadSignatureProblem(signed, other)).toMatch(/names key/);
    expect(treeHeadSignatureProblem({ ...signed, rootHash: 'xyz' }, publicKey)).toMatch(/malformed/);
  });
});
