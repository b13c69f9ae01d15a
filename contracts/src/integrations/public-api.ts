/** The public API's bodies (`/api/v1`): screenings and the drop-in sanctions endpoints. */
import { z } from 'zod';
import { networks } from '../addresses/parse';
import { walletAnalysisSchema } from '../checks/analysis';
import { NOT_BLANK } from '../common/text';

export const REFERENCE_MAX = 200;

export const createScreeningRequestSchema = z.object({
  address: z
    .string({ error: 'Enter a wallet address' })
    .regex(NOT_BLANK, { error: 'Enter a wallet address' })
    .trim()
    .min(1, { error: 'Enter a wallet address' })
    .max(200, { error: 'That is too long to be a wallet address' }),
  network: z.enum(networks, { error: `network must be one of: ${networks.join(', ')}` }).optional(),
  reference: z
    .string({ error: 'reference must be text' })
    .trim()
    .max(REFERENCE_MAX, { error: `reference may have at most ${REFERENCE_MAX} characters` })
    .optional()
    .meta({ description: 'Your own id for this screening (a customer, deposit or withdrawal id); returned with it and searchable' }),
});
export type CreateScreeningRequest = z.input<typeof createScreeningRequestSchema>;

export const screeningStatuses = ['running', 'completed', 'failed'] as const;

export const screeningSchema = z.object({
  id: z.string(),
  status: z.enum(screeningStatuses),
  address: z.string(),
  network: z.enum(networks),
  reference: z.string().nullable(),
  /** Stages done, 0 to 7, while running. */
  stage: z.number().int(),
  requested_at: z.string(),
  /** The analysis, once completed. */
  result: walletAnalysisSchema.nullable(),
  /** Why it failed (the check was refunded). */
  error: z.string().nullable(),
  /** The check was given back: it failed, or completed Incomplete (no verdict for want of evidence). */
  refunded: z.boolean(),
  links: z.object({ self: z.string(), report_pdf: z.string() }),
});
export type Screening = z.infer<typeof screeningSchema>;

export const screeningSummarySchema = z.object({
  id: z.string(),
  status: z.enum(screeningStatuses),
  address: z.string(),
  network: z.string(),
  reference: z.string().nullable(),
  requested_at: z.string(),
  risk_score: z.number().nullable(),
  risk_level: z.string().nullable(),
  aml_status: z.string().nullable(),
});

export const screeningListSchema = z.object({
  items: z.array(screeningSummarySchema),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** Chainalysis' free sanctions API: `GET /api/v1/address/{address}`. */
export const chainalysisIdentificationSchema = z.object({
  category: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
});
export const chainalysisAddressResponseSchema = z.object({ identifications: z.array(chainalysisIdentificationSchema) });

/** TRM's free sanctions API: `POST /api/v1/sanctions/screening`. */
export const TRM_SCREENING_MAX = 100;
export const trmScreeningRequestSchema = z
  .array(
    z.object({
      address: z
        .string({ error: 'Each item needs an address' })
        .regex(NOT_BLANK, { error: 'Each item needs an address' })
        .trim()
        .min(1, { error: 'Each item needs an address' })
        .max(200, { error: 'That is too long to be a wallet address' }),
    }),
    {
      error: 'Send a JSON array of { "address": "…" } objects',
    },
  )
  .min(1, { error: 'Send at least one address' })
  .max(TRM_SCREENING_MAX, { error: `Send at most ${TRM_SCREENING_MAX} addresses per request` });
export const trmScreeningResponseSchema = z.array(z.object({ address: z.string(), isSanctioned: z.boolean() }));
