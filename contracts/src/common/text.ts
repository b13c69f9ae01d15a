import escapeStringRegexp from 'escape-string-regexp';

/**
 * Text fields as the API takes them, said the same way to the server (zod) and to the OpenAPI
 * document (JSON Schema `pattern`), so a generated client tells valid from invalid text as the
 * server does.
 */

/**
 * What `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator), spelled out:
 * `\s` means other characters to other regex engines (Python's takes U+001C–U+001F, not U+FEFF).
 */
export const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** Text with something left once trimmed: the pattern of every required text field the server trims. */
export const NOT_BLANK = new RegExp(`[^${TRIMMED}]`);

/** `Low Risk` → `[Ll][Oo][Ww] [Rr][Ii][Ss][Kk]`: JSON Schema patterns take no flags. */
const anyCase = (word: string) =>
  [...word].map((c) => (c.toLowerCase() === c.toUpperCase() ? escapeStringRegexp(c) : `[${c.toUpperCase()}${c.toLowerCase()}]`)).join('');

/** One of these words in any case, or nothing, with spaces around it (what a trimmed, case-blind choice takes). */
export const anyCaseChoice = (words: readonly string[]): RegExp => new RegExp(`^[${TRIMMED}]*(${words.map(anyCase).join('|')})?[${TRIMMED}]*$`);
