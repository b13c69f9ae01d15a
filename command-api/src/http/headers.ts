/** Request headers several calls take, declared once. */
import { z } from 'zod';

/** 8 to 200 visible ASCII characters: a v4 UUID fits, and so does any key a client already makes. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;
export const IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 8 to 200 visible ASCII characters';

/** An optional `Idempotency-Key` header: a retry with the same key is applied once. */
export const idempotencyKeyHeaders = (description: string) =>
  z.object({ 'Idempotency-Key': z.string().regex(IDEMPOTENCY_KEY, { error: IDEMPOTENCY_KEY_INVALID }).optional().meta({ description }) });
