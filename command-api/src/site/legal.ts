/**
 * The Terms of Service and the Privacy notice: the operator's own (TERMS_FILE, PRIVACY_FILE: a
 * Markdown or HTML file, read once at start) or the default text. A file that is set but cannot be
 * used stops the start with the exact fix, rather than showing visitors terms the operator did not
 * write.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@walletscreen/platform';
import { legalDocumentIds, legalDocumentTitles, type LegalDocument, type LegalDocumentFormat, type LegalDocumentId } from '@walletscreen/contracts';
import { defaultLegalText, type Operator } from './legal-defaults';

export type LegalDocuments = Record<LegalDocumentId, LegalDocument>;

/** The largest document read (a terms page, not a book). */
export const LEGAL_FILE_MAX_BYTES = 512 * 1024;

const VARIABLES: Record<LegalDocumentId, string> = { terms: 'TERMS_FILE', privacy: 'PRIVACY_FILE' };

const FORMATS: Record<string, LegalDocumentFormat> = { '.md': 'markdown', '.markdown': 'markdown', '.html': 'html', '.htm': 'html' };

/** A file's format, by its extension; undefined when it is neither Markdown nor HTML. */
export function legalFileFormat(file: string): LegalDocumentFormat | undefined {
  return FORMATS[path.extname(file).toLowerCase()];
}

function readOperatorFile(variable: string, file: string): { format: LegalDocumentFormat; content: string } {
  const format = legalFileFormat(file);
  if (!format) throw new ConfigError([`${variable}: "${file}" must be a Markdown (.md, .markdown) or HTML (.html, .htm) file`]);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new ConfigError([`${variable}: cannot read "${file}" (${reason}); point it at a readable file or unset it to show the default text`]);
  }
  if (bytes.length > LEGAL_FILE_MAX_BYTES) throw new ConfigError([`${variable}: "${file}" is larger than ${LEGAL_FILE_MAX_BYTES / 1024} KB`]);
  const content = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  if (content.trim() === '') throw new ConfigError([`${variable}: "${file}" is empty; write the text in it or unset it to show the default text`]);
  return { format, content };
}

/**
 * Each document from its file when one is set, else the default text naming the operator. Throws
 * a ConfigError naming every file that cannot be used.
 */
export function loadLegalDocuments(files: { TERMS_FILE?: string; PRIVACY_FILE?: string }, operator: Operator): LegalDocuments {
  const problems: string[] = [];
  const documents = {} as LegalDocuments;
  for (const id of legalDocumentIds) {
    const variable = VARIABLES[id];
    const file = files[variable as keyof typeof files];
    const base = { document: id, title: legalDocumentTitles[id] };
    if (!file) {
      documents[id] = { ...base, format: 'markdown', content: defaultLegalText[id](operator).trim(), operator_provided: false };
      continue;
    }
    try {
      documents[id] = { ...base, ...readOperatorFile(variable, file), operator_provided: true };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return documents;
}
