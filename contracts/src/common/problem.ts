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
  /** For a file (a batch's CSV): the lines in error, each with its message, and how many there were in all. */
  lines: z.array(z.object({ line: z.number().int(), message: z.string() })).optional(),
  line_errors: z.number().int().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
