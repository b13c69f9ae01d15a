/**
 * Drop-in sanctions endpoints, free of charge, answering as the free APIs that existing tools call:
 * Chainalysis' `GET /api/v1/address/{address}` (its own path: a client that changes only the host
 * finds it) and TRM's `POST /public/v1/sanctions/screening`, at TRM's own path from the server's
 * root (a TRM client that changes only the host finds it) and under /api
 * (`/api/public/v1/sanctions/screening`, `/api/v1/sanctions/screening`). Both screen against the
 * OFAC SDN list in force, on every chain the address is valid on; with no list loaded they answer
 * 503, never "clean".
 */
import { z } from 'zod';
import { chainalysisAddressResponseSchema, networksFor, trmScreeningRequestSchema, trmScreeningResponseSchema } from '@walletscreen/contracts';
import type { Network } from '@walletscreen/contracts';
import { route } from '../http/route';
import { Unavailable } from '@walletscreen/domain/errors';
import { NOT_BLANK } from '@walletscreen/contracts';
const UNAVAILABLE = 'Sanctions screening is unavailable: no sanctions list is loaded yet. Nothing was screened; retry later or ask your administrator.';

/** A current listing, as the sanctions index (workers/sanctions) keeps it: what these answers need of it. */
export interface Listing {
  address: string;
  ticker: string;
  entity: string;
  programs: string[];
  sdnId: string;
  listedSince: string;
  designatedAt: string | null;
}

/** The sanctions list in force, handed in by the composition root. */
export interface SanctionsIndex {
  lookup(network: Network, address: string): Listing[];
}

/**
 * The current listings of a text: as an address on every chain it is valid on, and by its exact
 * text (a listed string that is no address of a known chain), each listing once. Any text may be
 * asked, as of the services these stand in for: what the list does not hold is not listed.
 */
export function listingsOf(index: SanctionsIndex, address: string): Listing[] {
  const seen = new Map<string, Listing>();
  for (const network of [...networksFor(address), 'other' as const]) {
    for (const entry of index.lookup(network, address)) seen.set(`${entry.sdnId}|${entry.address}`, entry);
  }
  return [...seen.values()];
}

/** An OFAC listing worded as a Chainalysis identification. */
export function identificationOf(entry: Listing) {
  const since = entry.designatedAt ?? entry.listedSince;
  const programmes = entry.programs.length > 0 ? ` under ${entry.programs.join(', ')}` : '';
  return {
    category: 'sanctions',
    name: `SANCTIONS: OFAC SDN ${entry.entity} ${since} ${entry.address}`,
    description: `${entry.entity} is on the US Treasury OFAC Specially Designated Nationals (SDN) list${programmes}; the list names ${entry.address} (${entry.ticker}) as one of its addresses (OFAC entry ${entry.sdnId}, listed here since ${entry.listedSince}).`,
    url: `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${encodeURIComponent(entry.sdnId)}`,
  };
}

export function sanctionsDropInRoutes(deps: {
  sanctionsIndex: () => Promise<SanctionsIndex | null>;
  /** The operator opened these to callers without a key (their own rate limit, per client address). */
  openToAnonymous?: boolean;
}) {
  const auth = deps.openToAnonymous ? ({ apiKey: 'screen', anonymous: true } as const) : ({ apiKey: 'screen' } as const);
  const index = async () => {
    const loaded = await deps.sanctionsIndex();
    if (!loaded) throw new Unavailable(UNAVAILABLE);
    return loaded;
  };
  const common = {
    401: {
      description: deps.openToAnonymous
        ? 'A credential was sent that is not a valid API key (a refused credential is never answered as if none had been sent)'
        : 'No API key, or not a valid one: never an answer of the shape a screening has',
    },
    403: { description: 'The key lacks the screen scope, or the account is blocked' },
    429: {
      description: deps.openToAnonymous
        ? "Rate limit reached (the key's, or the client address's without a key); see Retry-After"
        : 'Rate limit reached; see Retry-After',
    },
    503: { description: 'No sanctions list is loaded: nothing was screened' },
  };
  const trm = (path: string, summary: string, root?: { atRoot: true; operationId: string }) =>
    route({
      method: 'post',
      path,
      ...root,
      summary,
      description:
        "Answers as TRM's free sanctions API (`POST https://api.trmlabs.com/public/v1/sanctions/screening`): one `{ address, isSanctioned }` per address sent, in order. Free of charge. TRM's clients may send the key as HTTP Basic user name, base64-encoded or not; that works here too. TRM also answers callers without a key at low limits: here that is the operator's choice (off by default). Any text is screened, as TRM does: an address of any chain the list names (Monero, Zcash, Dash and others included) and any other text the list holds is found; what it does not hold answers false. Differences: at most 100 addresses per call; throttling is per key, 429 with Retry-After and RateLimit headers.",
      tags: ['Sanctions (drop-in)'],
      auth,
      // A screening records nothing: answered while writes are halted, as the Chainalysis GET is.
      whileWritesHalted: true,
      request: { body: trmScreeningRequestSchema },
      responses: {
        200: { description: 'One answer per address', schema: trmScreeningResponseSchema },
        400: { description: 'Not an array of `{ address }` objects, or more than 100' },
        ...common,
      },
      async handle({ body }, _req, res) {
        const list = await index();
        res.json(body.map((item) => ({ address: item.address, isSanctioned: listingsOf(list, item.address).length > 0 })));
      },
    });
  return [
    route({
      method: 'get',
      path: '/v1/address/:address',
      summary: "Sanctions check of one address, answered as Chainalysis' free sanctions API",
      description:
        "Answers as Chainalysis' `GET https://public.chainalysis.com/api/v1/address/{address}`: `identifications` lists the OFAC SDN listings of the address (empty when it is not listed). Free of charge. Any text is screened, as Chainalysis does: an address of any chain the list names and any other text the list holds is found; what it does not hold answers an empty list. Differences: throttling is per key, 429 with Retry-After and RateLimit headers; with no sanctions list loaded the answer is 503, never an empty list.",
      tags: ['Sanctions (drop-in)'],
      auth,
      request: {
        params: z.object({ address: z.string().regex(NOT_BLANK).trim().min(1).max(200, { error: 'That is too long to be a wallet address' }) }),
        paramsAreInput: true,
      },
      responses: {
        200: { description: 'The listings (empty when none)', schema: chainalysisAddressResponseSchema },
        400: { description: 'No address, or one longer than 200 characters' },
        ...common,
      },
      async handle({ params }, _req, res) {
        const list = await index();
        res.json({ identifications: listingsOf(list, params.address).map(identificationOf) });
      },
    }),
    trm('/v1/sanctions/screening', "Sanctions check of up to 100 addresses, answered as TRM's free sanctions API"),
    trm('/public/v1/sanctions/screening', 'The same under /api, for clients given a base URL that ends in /api'),
    trm('/public/v1/sanctions/screening', "The same at TRM's own path, from the server's root: a TRM client that changes only the host", {
      atRoot: true,
      operationId: 'postTrmPublicV1SanctionsScreening',
    }),
  ];
}
