import { addressMessages } from '@walletscreen/contracts';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('POST /api/addresses/parse', () => {
  it('names the chain and network and gives the canonical form', async () => {
    const btc = await server.api('POST', '/api/addresses/parse', { body: { address: ' BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4 ' } });
    expect(btc).toMatchObject({ status: 200, body: { chain: 'bitcoin', network: 'bitcoin', normalized: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' } });
    const evm = await server.api('POST', '/api/addresses/parse', { body: { address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', network: 'base' } });
    expect(evm.body).toMatchObject({ chain: 'evm', network: 'base', normalized: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
  });

  it('reads what the old prefix check refused, and gives an X-address’s classic address and tag', async () => {
    // OFAC-listed; it begins like a testnet segwit address.
    const tron = await server.api('POST', '/api/addresses/parse', { body: { address: 'TB1Bcv3x8mg7PVV4nVM48pgHJKcYboTypU' } });
    expect(tron).toMatchObject({ status: 200, body: { chain: 'tron', network: 'tron', normalized: 'TB1Bcv3x8mg7PVV4nVM48pgHJKcYboTypU' } });
    const x = await server.api('POST', '/api/addresses/parse', { body: { address: 'XVLhHMPHU98es4dbozjVtdWzVrDjtV8xvjGQTYPiAx6gwDC' } });
    expect(x).toMatchObject({
      status: 200,
      body: { chain: 'xrp', normalized: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', x_address: 'XVLhHMPHU98es4dbozjVtdWzVrDjtV8xvjGQTYPiAx6gwDC', tag: 1 },
    });
    const litecoin = await server.api('POST', '/api/addresses/parse', { body: { address: '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', network: 'litecoin' } });
    expect(litecoin).toMatchObject({ status: 200, body: { chain: 'litecoin', kind: 'p2sh', normalized: expect.stringMatching(/^M/) } });
    const longest = 'bitcoincash:qlg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mtky5sv5w';
    expect(await server.api('POST', '/api/addresses/parse', { body: { address: longest } })).toMatchObject({
      status: 200,
      body: { chain: 'bitcoin-cash', normalized: longest },
    });
  });

  it('answers 400 with the reason for an invalid address, an unknown network or a missing field, appending nothing', async () => {
    const before = await server.eventStore.headPosition();
    const typo = await server.api<{ error: string; errors: Record<string, string> }>('POST', '/api/addresses/parse', {
      body: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
    });
    expect(typo).toMatchObject({ status: 400, body: { error: addressMessages.eip55, errors: { address: addressMessages.eip55 } } });
    const wrongNetwork = await server.api<{ errors: Record<string, string> }>('POST', '/api/addresses/parse', {
      body: { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', network: 'moon' },
    });
    expect(wrongNetwork.status).toBe(400);
    expect(wrongNetwork.body.errors.network).toMatch(/network must be one of/);
    expect((await server.api('POST', '/api/addresses/parse', { body: {} })).status).toBe(400);
    expect(await server.eventStore.headPosition()).toBe(before);
  });

  it('refuses an empty or blank address, as its documented schema does', async () => {
    for (const address of ['', '   ', '\t\u3000']) {
      const res = await server.api<{ errors: Record<string, string> }>('POST', '/api/addresses/parse', { body: { address } });
      expect([address, res.status, res.body.errors]).toEqual([address, 400, { address: 'Enter a wallet address' }]);
    }
    const doc = (
      await server.api<{
        paths: Record<
          string,
          { post: { requestBody: { content: Record<string, { schema: { properties: { address: { pattern: string; minLength: number } } } }> } } }
        >;
      }>('GET', '/api/openapi.json')
    ).body;
    const schema = doc.paths['/api/addresses/parse']!.post.requestBody.content['application/json']!.schema.properties.address;
    expect(schema.minLength).toBe(1);
    for (const address of ['', '   ', '\t\u3000']) expect([address, new RegExp(schema.pattern, 'u').test(address)]).toEqual([address, false]);
  });
});
