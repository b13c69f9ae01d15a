import { z } from 'zod';

/**
 * Every error the API sends: RFC 9457 problem details, plus `error` (the spec's error field, a
 * sentence a person can read) and, for invalid input, `errors` with one message per field.
 */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  error: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
