/** Uploads as the API takes them (OFAC lists, labels files): the file's name in the query. */
import { z } from 'zod';
import { TRIMMED } from './text';

/**
 * An uploaded file's name, as the query of an upload gives it: its last path segment (a browser or
 * a client may send a path), trimmed, with something in it, at most 255 characters.
 */
export const uploadFileName = () =>
  z
    .string({ error: 'file_name must be text' })
    // A last path segment with something left once trimmed, and no NUL anywhere (the server refuses one in any text).
    .regex(new RegExp(`^(?:[^\\u0000]*[\\\\/])?[${TRIMMED}]*[^\\u0000\\\\/${TRIMMED}][^\\u0000\\\\/]*$`), { error: 'Give the file name (file_name)' })
    .trim()
    .max(255, { error: 'The file name may have at most 255 characters' })
    .transform((name) => name.split(/[\\/]/).pop()!.trim())
    .meta({ description: "The file's original name, for the sync log and messages" });
