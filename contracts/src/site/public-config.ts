/**
 * GET /api/config: what the public pages need from the server's settings, read without signing
 * in: the addresses people write to (set by CONTACT_EMAIL and SALES_EMAIL).
 */
import { z } from 'zod';

export const publicConfigSchema = z.object({
  /** The landing page footer's address. */
  contact_email: z.string(),
  /** "Contact Sales for custom plans" on the landing and Top Up pages. */
  sales_email: z.string(),
  /** Whether a language model writes the reports' narrative (OPENAI_API_KEY set): the overlay says "interpreting with AI" only then. */
  ai_narrative: z.boolean().default(false),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
