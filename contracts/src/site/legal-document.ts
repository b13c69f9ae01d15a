/**
 * GET /api/legal/{document}: the Terms of Service and the Privacy notice the public pages show,
 * as the operator wrote them (a Markdown or HTML file named in the server's settings) or, without
 * one, the default text for a self-hosted screening service.
 */
import { z } from 'zod';

export const legalDocumentIds = ['terms', 'privacy'] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

/** The pages' titles, the same in the footer links and on the pages. */
export const legalDocumentTitles: Record<LegalDocumentId, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy notice',
};

export const legalDocumentFormats = ['markdown', 'html'] as const;
export type LegalDocumentFormat = (typeof legalDocumentFormats)[number];

export const legalDocumentParamsSchema = z.object({ document: z.enum(legalDocumentIds) });

export const legalDocumentSchema = z.object({
  document: z.enum(legalDocumentIds),
  title: z.string(),
  /** How `content` is written: Markdown (raw HTML in it is shown as text) or HTML (sanitized before it is shown). */
  format: z.enum(legalDocumentFormats),
  content: z.string(),
  /** Whether the operator provided the text, or it is the service's default. */
  operator_provided: z.boolean(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
