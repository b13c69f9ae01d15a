import { Router } from 'express';
import { z } from 'zod';
import { networks, parseAddress } from '@walletscreen/contracts';
import { Invalid } from '../shared/errors';
import { parseInput } from '../http/validation';

export const parseAddressRequestSchema = z.object({
  address: z.string({ error: 'Enter a wallet address' }).max(200, { error: 'That is too long to be a wallet address' }),
  network: z.enum(networks, { error: `network must be one of: ${networks.join(', ')}` }).optional(),
});

/** POST /api/addresses/parse: which chain and network an address belongs to, and its canonical form. */
export function checkRoutes(): Router {
  const router = Router();
  router.post('/addresses/parse', (req, res) => {
    const input = parseInput(parseAddressRequestSchema, req.body);
    const result = parseAddress(input.address, input.network);
    if (!result.ok) throw new Invalid(result.reason, { address: result.reason });
    const { chain, network, normalized, kind } = result.address;
    res.json({ chain, network, normalized, kind });
  });
  return router;
}
