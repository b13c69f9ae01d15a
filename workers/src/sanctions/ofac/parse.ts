/**
 * Streaming parsers for the three OFAC SDN list formats that carry digital currency addresses.
 * Each is fed text in chunks; the XML ones keep only what they need (the listed addresses, their
 * party's name and programmes), so the >100 MB SDN_ADVANCED.XML is never held whole in memory,
 * and sdn.csv (a few megabytes) is read whole at its end.
 *
 * This module tells the formats apart and feeds a file to its format's parser (sdn-advanced-xml.ts,
 * sdn-xml.ts, sdn-csv.ts); each of those says where its structure was confirmed.
 */
import { createReadStream } from 'node:fs';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import type { OfacFormat } from '@walletscreen/domain/sanctions-list/events';
import type { OfacListParser, ParsedOfacList } from './parsed-list';
import { AdvancedXmlParser } from './sdn-advanced-xml';
import { SdnCsvParser } from './sdn-csv';
import { SdnXmlParser } from './sdn-xml';

export function createOfacParser(format: OfacFormat): OfacListParser {
  switch (format) {
    case 'sdn-advanced-xml':
      return new AdvancedXmlParser();
    case 'sdn-xml':
      return new SdnXmlParser();
    case 'sdn-csv':
      return new SdnCsvParser();
    default: {
      const _exhaustive: never = format;
      throw new SanctionsListError('unknown-format', `unknown format ${String(format)}`);
    }
  }
}

const unknownFormat = (what: string) =>
  new SanctionsListError('unknown-format', `it is ${what}, not an OFAC SDN list (expected SDN_ADVANCED.XML, SDN.XML or sdn.csv)`);

/** How many characters of a file's start `detectOfacFormat` needs (it decides sooner when it can). */
export const FORMAT_PROBE_CHARS = 64 * 1024;

/**
 * The format, from the start of the file's text: the XML root element (<Sanctions> for the
 * advanced format, <sdnList> for SDN.XML) or an sdn.csv first row (a number, then a quoted name
 * or the -0- null). `complete` says the text is the whole file, not just its start.
 */
export function detectOfacFormat(head: string, complete = true): OfacFormat | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text === '') {
    if (complete) throw new SanctionsListError('unknown-format', 'the file is empty, not an OFAC SDN list');
    return null;
  }
  if (text.startsWith('<')) {
    const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/g, '');
    const root = /<(?:[\w.-]+:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(body);
    if (!root) {
      if (!complete && text.length < FORMAT_PROBE_CHARS) return null;
      throw unknownFormat('an XML file without a root element');
    }
    if (root[1] === 'Sanctions') return 'sdn-advanced-xml';
    if (root[1] === 'sdnList') return 'sdn-xml';
    throw unknownFormat(`a document whose root element is <${root[1]}>`);
  }
  const firstLine = /^[^\r\n]*/.exec(text)![0];
  if (/^\d+,(?:"|-0-)/.test(firstLine)) return 'sdn-csv';
  if (!complete && firstLine.length === text.length && text.length < FORMAT_PROBE_CHARS) return null;
  throw unknownFormat(/^[\x20-\x7e\t]*$/.test(firstLine.slice(0, 200)) ? 'a text file' : 'a binary file');
}

/** Parses a whole list given as text (tests, small files). */
export function parseOfacText(text: string): ParsedOfacList {
  const parser = createOfacParser(detectOfacFormat(text)!);
  parser.write(text.replace(/^\uFEFF/, ''));
  return parser.end();
}

/** Parses a list from chunks of its bytes (UTF-8), detecting the format from its start. */
export async function parseOfacChunks(chunks: AsyncIterable<Uint8Array | string>): Promise<ParsedOfacList> {
  const decoder = new TextDecoder('utf-8');
  let head = '';
  let parser: OfacListParser | null = null;
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (parser) {
      parser.write(text);
      continue;
    }
    head += text;
    const format = detectOfacFormat(head, false);
    if (format) {
      parser = createOfacParser(format);
      parser.write(head.replace(/^\uFEFF/, ''));
      head = '';
    }
  }
  const rest = decoder.decode();
  if (!parser) {
    head += rest;
    parser = createOfacParser(detectOfacFormat(head, true)!);
    parser.write(head.replace(/^\uFEFF/, ''));
  } else if (rest !== '') {
    parser.write(rest);
  }
  return parser.end();
}

/** Parses a list file, streaming it from disk. */
export function parseOfacFile(file: string): Promise<ParsedOfacList> {
  return parseOfacChunks(createReadStream(file, { highWaterMark: 1 << 20 }));
}
