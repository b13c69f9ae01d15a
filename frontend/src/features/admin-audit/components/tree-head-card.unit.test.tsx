import { witnessText } from './tree-head-card';

describe("the witness's last answer in words", () => {
  const witness = { configured: true, host: 'witness.example' };
  it('says when none is configured, or nothing was sent yet', () => {
    expect(witnessText({ configured: false, host: null, last: null })).toEqual({
      text: 'No witness configured: tree heads are kept in the log only',
      tone: 'gray',
    });
    expect(witnessText({ ...witness, last: null })).toEqual({ text: 'witness.example: nothing sent yet', tone: 'gray' });
  });
  it('names the head it took, or why it did not', () => {
    const at = '2026-11-28T09:00:00.000Z';
    expect(witnessText({ ...witness, last: { tree_size: 1234, outcome: 'delivered', status_code: 200, error: null, at } })).toMatchObject({
      text: expect.stringMatching(/^witness\.example took the head of 1,234 events \(28\.11\.2026/),
      tone: 'teal',
    });
    expect(witnessText({ ...witness, last: { tree_size: 7, outcome: 'failed', status_code: 503, error: 'HTTP 503', at } })).toMatchObject({
      text: expect.stringMatching(/^witness\.example did not take the head of 7 events: HTTP 503/),
      tone: 'red',
    });
  });
});
