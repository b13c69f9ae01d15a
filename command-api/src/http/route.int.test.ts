/**
 * A route's request as its declaration says it, over real HTTP on loopback: a required JSON body
 * that is not sent (or not as JSON) is refused even where `{}` would parse, and a union's refusal
 * names what the input was meant to be.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { createLogger } from '@walletscreen/platform';
import { problemHandler } from './problem';
import { BODY_REQUIRED, mount, route } from './route';

const anything = z.object({ note: z.string().optional() });
const oneOrMany = z.union([z.object({ name: z.string() }), z.object({ items: z.array(z.object({ name: z.string() })).max(2, { error: 'At most 2 items' }) })], {
  error: 'Send one { name } or { items }',
});

let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const app = express();
  app.use(
    mount([
      route({
        method: 'patch',
        path: '/required',
        summary: 's',
        tags: [],
        auth: 'none',
        request: { body: anything },
        responses: {},
        handle: (_i, _q, res) => void res.json({ ok: true }),
      }),
      route({
        method: 'patch',
        path: '/optional',
        summary: 's',
        tags: [],
        auth: 'none',
        request: { body: anything, bodyOptional: true },
        responses: {},
        handle: (_i, _q, res) => void res.json({ ok: true }),
      }),
      route({
        method: 'post',
        path: '/union',
        summary: 's',
        tags: [],
        auth: 'none',
        request: { body: oneOrMany },
        responses: {},
        handle: (_i, _q, res) => void res.json({ ok: true }),
      }),
    ]),
  );
  app.use(problemHandler(createLogger({ level: 'silent' })));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const send = async (method: string, path: string, body?: string, type = 'application/json') => {
  const res = await fetch(`${base}${path}`, { method, ...(body !== undefined ? { body, headers: { 'content-type': type } } : {}) });
  return { status: res.status, body: (await res.json()) as { error?: string; errors?: Record<string, string> } };
};

describe('a route declared with a JSON body', () => {
  it('refuses the call without it (or with it in another type), naming the body, where {} would parse', async () => {
    for (const [body, type] of [
      [undefined, undefined],
      ['note=x', 'text/plain'],
    ] as const) {
      const res = await send('PATCH', '/required', body, type);
      expect([body, res.status, res.body.errors]).toEqual([body, 400, { body: BODY_REQUIRED }]);
    }
    expect((await send('PATCH', '/required', '{}')).status).toBe(200);
  });

  it('takes the call without it when the body may be left out', async () => {
    expect((await send('PATCH', '/optional')).status).toBe(200);
  });

  it("refuses a union's input as the branch it was meant for, else with the union's own message", async () => {
    expect(await send('POST', '/union', JSON.stringify({ items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }))).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'At most 2 items', errors: { items: 'At most 2 items' } }),
    });
    expect(await send('POST', '/union', JSON.stringify({ items: 'x' }))).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'Send one { name } or { items }' }),
    });
    expect((await send('POST', '/union', JSON.stringify({ name: 'a' }))).status).toBe(200);
  });
});
