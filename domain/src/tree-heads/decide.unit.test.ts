import { deciderSpec } from '../../testing/decider-spec';
import { Invalid } from '../errors';
import { treeHeadsDecider, type TreeHeadsCommand } from './decide';
import type { TreeHeadEvent, TreeHeadSigned } from './events';

const given = deciderSpec(treeHeadsDecider);
const now = '2026-11-28T09:00:00.000Z';
const head = (treeSize: number): TreeHeadSigned => ({
  origin: 'walletscreen.example',
  treeSize,
  lastPosition: treeSize,
  rootHash: 'ab'.repeat(32),
  timestamp: now,
  keyId: 'cd'.repeat(32),
  publicKey: '-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----\n',
  signature: 'c2lnbmF0dXJl',
});
const record = (treeSize: number): TreeHeadsCommand => ({ type: 'RecordTreeHead', data: head(treeSize), metadata: { now } });
const signed = (treeSize: number): TreeHeadEvent => ({ type: 'TreeHeadSigned', data: head(treeSize) });

describe('RecordTreeHead', () => {
  it('records the signed head as it came', () =>
    given([])
      .when(record(12))
      .then([signed(12)]));
  it('records a head only when its tree is larger than the latest one’s (two signers at once record one)', () => {
    given([signed(12)])
      .when(record(12))
      .then([]);
    given([signed(12)])
      .when(record(11))
      .then([]);
    given([signed(12)])
      .when(record(13))
      .then([signed(13)]);
  });
  it('refuses an empty tree', () =>
    given([])
      .when(record(0))
      .thenThrows(Invalid, /empty log/));
});

describe('RecordWitnessDelivery', () => {
  it('records every delivery with its outcome, at the time on the command', () =>
    given([signed(12)])
      .when({
        type: 'RecordWitnessDelivery',
        data: { treeSize: 12, witness: 'witness.example', outcome: 'failed', statusCode: 503, error: 'HTTP 503' },
        metadata: { now },
      })
      .then([
        {
          type: 'TreeHeadWitnessed',
          data: { treeSize: 12, witness: 'witness.example', outcome: 'failed', statusCode: 503, error: 'HTTP 503', at: now },
        },
      ]));
});
