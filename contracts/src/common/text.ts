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

/**
 * Text with something left once trimmed, and no NUL (U+0000) anywhere, which the server refuses in
 * every text it is sent (command-api/src/http/control-characters.ts): the pattern of every required
 * text field the server trims. Blanks, then a character that is neither blank nor NUL, then anything
 * but NUL: one way to match any text, so a long one is read in linear time.
 */
export const NOT_BLANK = new RegExp(`^[${TRIMMED}]*[^\\u0000${TRIMMED}][^\\u0000]*$`);

/** Text with no NUL anywhere (U+0000), which the server refuses in every text it is sent. */
// eslint-disable-next-line no-control-regex -- the NUL is what it refuses
export const NO_NUL = /^[^\u0000]*$/;

/** `Low Risk` → `[Ll][Oo][Ww] [Rr][Ii][Ss][Kk]`: JSON Schema patterns take no flags. */
const anyCase = (word: string) =>
  [...word].map((c) => (c.toLowerCase() === c.toUpperCase() ? escapeStringRegexp(c) : `[${c.toUpperCase()}${c.toLowerCase()}]`)).join('');

/** One of these words in any case, or nothing, with spaces around it (what a trimmed, case-blind choice takes). */
export const anyCaseChoice = (words: readonly string[]): RegExp => new RegExp(`^[${TRIMMED}]*(${words.map(anyCase).join('|')})?[${TRIMMED}]*$`);
