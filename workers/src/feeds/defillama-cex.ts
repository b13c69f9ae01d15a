/**
 * `defillama-cex`: centralised exchanges' proof-of-reserves wallets, as DefiLlama lists them in its
 * open-source adapters (github.com/DefiLlama/DefiLlama-Adapters), read from GitHub's .tar.gz of the
 * repository (or a checkout of it).
 *
 * Format (verified against the stored repository; see notes/issue28-feed-formats.md §1):
 * - An exchange's adapter is `projects/<slug>/index.js`. Slugs follow no pattern (`kraken`, `okex` for
 *   OKX, `mexc-cex`), so an adapter is told by its content: it requires `../helper/cex` and calls
 *   `cexExports(config)`, where `config` is `{ <chain>: { owners: ['<address>', …], tokens?,
 *   tokensAndOwners?, blacklistedTokens? }, … }`. Lists may be shared through a local constant
 *   (`const owners = [...]; … ethereum: { owners }`), and Bitcoin's often come from the address book
 *   `projects/helper/bitcoin-book/index.js` (`owners: bitcoinAddressBook.okex`): inline arrays in its
 *   `module.exports`, and per-exchange files (`module.exports = [...]`) named by its `imports` table.
 * - The files are untrusted JavaScript that pull in DefiLlama's SDK and call the network: they are
 *   never required nor evaluated. They are read statically: comments stripped (a `//` inside a
 *   string, a URL, is no comment), then only literals are taken: string literals, arrays and
 *   objects of them, and references to local `const`s and to the address book. Anything else (a
 *   list fetched or computed at run time, Binance's proof-of-reserves API, the book's fetchers) is
 *   left out and counted with its reason, as are chains WalletScreen does not screen (starknet, ton,
 *   cardano, …: a starknet `0x` + 64 hex address is never read as an EVM one).
 *
 * Default URL: https://codeload.github.com/DefiLlama/DefiLlama-Adapters/tar.gz/refs/heads/main (a
 * big archive, thousands of adapters; its size is not verified). It is read as a stream in one
 * pass, keeping only the texts of the CEX adapters and of the address book.
 *
 * Licence: the repository's package.json says ISC; no LICENSE file of the repository could be
 * verified (the only one seen came from a closed spam pull request). The addresses themselves are
 * the exchanges' own public proof-of-reserves disclosures, which DefiLlama collects. Check GitHub's
 * licence field before vendoring any of it; the feed only downloads it at run time.
 *
 * Mapping: every owner is an `exchange` entry on the network of its chain key (ethereum, bsc,
 * polygon, arbitrum, optimism, base, tron, bitcoin, litecoin, doge, bitcoincash, solana, ripple),
 * named after the exchange ("Kraken (proof-of-reserves wallet, DefiLlama)"), with the slug as its
 * actor, the adapter's page on GitHub as its source and `service_data` as its confidence (disclosed
 * by the service itself).
 */
import type { Chain, Network } from '@walletscreen/contracts';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { EntryCollector, quoted, type DownloadedFeedDefinition, type FeedParseResult, type FeedSource } from './feed';

export const DEFILLAMA_ADAPTERS_URL = 'https://codeload.github.com/DefiLlama/DefiLlama-Adapters/tar.gz/refs/heads/main';
/** Where an adapter is read on the web: the source of its entries. */
export const DEFILLAMA_ADAPTERS_PAGE = 'https://github.com/DefiLlama/DefiLlama-Adapters/blob/main';

/** DefiLlama's chain keys of the networks WalletScreen screens; every other chain is left out. */
export const defiLlamaChainNetworks: Readonly<Record<string, Network>> = {
  ethereum: 'ethereum',
  bsc: 'bsc',
  polygon: 'polygon',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  base: 'base',
  tron: 'tron',
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  doge: 'dogecoin',
  bitcoincash: 'bitcoin-cash',
  solana: 'solana',
  ripple: 'xrp',
};

/** Why owners are left out, as the sync log counts them. */
export const DEFILLAMA_SKIP_REASONS = {
  computed: 'owners not a literal list (computed at run time)',
  computedOwner: 'owner not a string literal (computed at run time)',
  computedBook: 'bitcoinAddressBook entry not a literal list (computed at run time)',
  computedConfig: 'config not a literal object (computed at run time)',
  computedChain: 'chain settings not a literal object (computed at run time)',
  noOwners: 'no owners list',
  unreadable: 'adapter could not be read statically',
  unscreened: (chain: string) => `chain "${chain}" is not screened by WalletScreen`,
} as const;

// ---------------------------------------------------------------------------------------------
// Reading JavaScript statically: a lexer that knows strings, templates, comments and regular
// expressions apart, and a reader of literal values. Nothing is ever evaluated.

type Token =
  | { kind: 'string'; value: string }
  /** A template literal: its text, or null when it has `${…}` substitutions. */
  | { kind: 'template'; value: string | null }
  | { kind: 'ident'; value: string }
  | { kind: 'number'; value: string }
  | { kind: 'regex'; value: string }
  | { kind: 'punct'; value: string };

/** Words after which a `/` starts a regular expression, not a division. */
const REGEX_AFTER_WORDS: ReadonlySet<string> = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);
const isIdentStart = (c: string): boolean => /[A-Za-z_$\u0080-\uffff]/.test(c);
const isIdentPart = (c: string): boolean => /[\w$\u0080-\uffff]/.test(c);

class Lexer {
  private pos = 0;
  readonly comments: Array<[start: number, end: number]> = [];

  constructor(private readonly src: string) {}

  tokens(): Token[] {
    const out: Token[] = [];
    this.run(out, false);
    return out;
  }

  /** Lexes into `out` until the end, or (inside a template's `${`) until its closing brace. */
  private run(out: Token[], untilClosingBrace: boolean): void {
    const { src } = this;
    let depth = 0;
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      const next = src[this.pos + 1];
      if (/\s/.test(c)) {
        this.pos++;
      } else if (c === '/' && next === '/') {
        const end = src.indexOf('\n', this.pos);
        this.comment(end < 0 ? src.length : end);
      } else if (c === '/' && next === '*') {
        const end = src.indexOf('*/', this.pos + 2);
        this.comment(end < 0 ? src.length : end + 2);
      } else if (c === "'" || c === '"') {
        out.push({ kind: 'string', value: this.string(c) });
      } else if (c === '`') {
        out.push({ kind: 'template', value: this.template() });
      } else if (c === '/' && regexMayStart(out.at(-1))) {
        out.push(this.regex());
      } else if (isIdentStart(c)) {
        const start = this.pos;
        while (this.pos < src.length && isIdentPart(src[this.pos]!)) this.pos++;
        out.push({ kind: 'ident', value: src.slice(start, this.pos) });
      } else if (/\d/.test(c) || (c === '.' && next !== undefined && /\d/.test(next))) {
        const start = this.pos;
        while (this.pos < src.length && /[\w.]/.test(src[this.pos]!)) this.pos++;
        out.push({ kind: 'number', value: src.slice(start, this.pos) });
      } else if (src.startsWith('...', this.pos)) {
        out.push({ kind: 'punct', value: '...' });
        this.pos += 3;
      } else {
        this.pos++;
        if (c === '{') depth++;
        else if (c === '}') {
          if (depth === 0 && untilClosingBrace) return;
          depth--;
        }
        out.push({ kind: 'punct', value: c });
      }
    }
  }

  private comment(end: number): void {
    this.comments.push([this.pos, end]);
    this.pos = end;
  }

  /** A quoted string from its opening quote; one cut short by a line end or the file's end ends there. */
  private string(quote: string): string {
    const { src } = this;
    let value = '';
    this.pos++;
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      if (c === quote) {
        this.pos++;
        return value;
      }
      if (c === '\n') return value;
      if (c === '\\') value += this.escape();
      else {
        value += c;
        this.pos++;
      }
    }
    return value;
  }

  /** A template literal from its backtick: its text, or null when it has substitutions (lexed, for their comments, and dropped). */
  private template(): string | null {
    const { src } = this;
    let value: string | null = '';
    this.pos++;
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      if (c === '`') {
        this.pos++;
        return value;
      }
      if (c === '\\') {
        const e = this.escape();
        if (value !== null) value += e;
      } else if (c === '$' && src[this.pos + 1] === '{') {
        this.pos += 2;
        this.run([], true);
        value = null;
      } else {
        if (value !== null) value += c;
        this.pos++;
      }
    }
    return value;
  }

  /** An escape sequence from its backslash, decoded. */
  private escape(): string {
    const { src } = this;
    const c = src[this.pos + 1];
    this.pos += 2;
    if (c === undefined) return '';
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0', '\n': '', '\r': '' };
    if (c in simple && !(c === '0' && /\d/.test(src[this.pos] ?? ''))) return simple[c]!;
    const hex = (digits: string | undefined) =>
      digits !== undefined && /^[0-9a-fA-F]+$/.test(digits) ? String.fromCodePoint(parseInt(digits, 16)) : undefined;
    if (c === 'x') {
      const d = hex(src.slice(this.pos, this.pos + 2));
      if (d !== undefined) this.pos += 2;
      return d ?? 'x';
    }
    if (c === 'u') {
      if (src[this.pos] === '{') {
        const close = src.indexOf('}', this.pos);
        const digits = close < 0 ? undefined : src.slice(this.pos + 1, close);
        const d = digits !== undefined && digits.length <= 6 ? hex(digits) : undefined;
        if (d !== undefined && parseInt(digits!, 16) <= 0x10ffff) {
          this.pos = close + 1;
          return d;
        }
        return 'u';
      }
      const d = hex(src.slice(this.pos, this.pos + 4));
      if (d !== undefined) this.pos += 4;
      return d ?? 'u';
    }
    return c;
  }

  /** A regular expression literal from its slash; a slash with no closing one on its line is division. */
  private regex(): Token {
    const { src } = this;
    const start = this.pos;
    let i = this.pos + 1;
    let inClass = false;
    while (i < src.length && src[i] !== '\n') {
      const c = src[i]!;
      if (c === '\\') i += 2;
      else if (c === '[' || c === ']') {
        inClass = c === '[';
        i++;
      } else if (c === '/' && !inClass) {
        i++;
        while (i < src.length && isIdentPart(src[i]!)) i++;
        this.pos = i;
        return { kind: 'regex', value: src.slice(start, i) };
      } else i++;
    }
    this.pos++;
    return { kind: 'punct', value: '/' };
  }
}

/** Whether a `/` after `prev` starts a regular expression (after a value it is a division). */
function regexMayStart(prev: Token | undefined): boolean {
  if (prev === undefined) return true;
  if (prev.kind === 'punct') return prev.value !== ')' && prev.value !== ']';
  if (prev.kind === 'ident') return REGEX_AFTER_WORDS.has(prev.value);
  return false;
}

/**
 * The source with its comments blanked out (each character of a comment but its line ends becomes
 * a space, so positions and line numbers hold). String, template and regular-expression literals
 * are left exactly as they are: `'https://…'` keeps its `//`, `"/* … *\/"` its stars.
 */
export function stripJsComments(src: string): string {
  const lexer = new Lexer(src);
  lexer.tokens();
  if (lexer.comments.length === 0) return src;
  let out = '';
  let at = 0;
  for (const [start, end] of lexer.comments) {
    out += src.slice(at, start) + src.slice(start, end).replace(/[^\r\n]/g, ' ');
    at = end;
  }
  return out + src.slice(at);
}

/** The string literals of a source, in order (what `stripJsComments` must leave alone). */
export const jsStringLiterals = (src: string): string[] =>
  new Lexer(src).tokens().flatMap((t) => (t.kind === 'string' || (t.kind === 'template' && t.value !== null) ? [t.value as string] : []));

/** A value as far as it is literal: anything computed is `other`. */
type Value =
  | { kind: 'string'; value: string }
  | { kind: 'array'; items: Value[] }
  | { kind: 'object'; props: Prop[] }
  | { kind: 'spread'; of: Value }
  | { kind: 'ref'; path: string[] }
  | { kind: 'call'; callee: string[]; args: Value[] }
  | { kind: 'other' };
type Prop = { key: string | null; value: Value };
type ObjectValue = Extract<Value, { kind: 'object' }>;

const OTHER: Value = { kind: 'other' };
/** Tokens after a value that make it part of a larger expression (`[…].map(…)`, `a + b`, `x => …`). */
const CONTINUATIONS: ReadonlySet<string> = new Set(['.', '(', '[', '+', '-', '*', '/', '%', '?', '&', '|', '<', '>', '=', '!', '^', '~']);
const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: ReadonlySet<string> = new Set([')', ']', '}']);
const NOT_REFERENCES: ReadonlySet<string> = new Set([
  'function',
  'class',
  'new',
  'async',
  'await',
  'true',
  'false',
  'null',
  'undefined',
  'this',
  'typeof',
  'void',
  'delete',
  'yield',
]);

/** Reads literal values out of a file's tokens (recursive descent, never throwing on odd code). */
class ValueReader {
  constructor(readonly tokens: readonly Token[]) {}

  punct(i: number, value: string): boolean {
    const t = this.tokens[i];
    return t?.kind === 'punct' && t.value === value;
  }

  ident(i: number, value?: string): string | undefined {
    const t = this.tokens[i];
    return t?.kind === 'ident' && (value === undefined || t.value === value) ? t.value : undefined;
  }

  /** The value starting at token `i`, and the index after it. */
  value(i: number): [Value, number] {
    let [v, j] = this.primary(i);
    for (;;) {
      const t = this.tokens[j + 1];
      if (v.kind === 'ref' && this.punct(j, '.') && t?.kind === 'ident') {
        v = { kind: 'ref', path: [...v.path, t.value] };
        j += 2;
      } else if (v.kind === 'ref' && this.punct(j, '[') && t?.kind === 'string' && this.punct(j + 2, ']')) {
        v = { kind: 'ref', path: [...v.path, t.value] };
        j += 3;
      } else if (v.kind === 'ref' && this.punct(j, '(')) {
        const [args, k] = this.list(j + 1, ')');
        v = { kind: 'call', callee: v.path, args };
        j = k;
      } else break;
    }
    const next = this.tokens[j];
    if (next !== undefined && ((next.kind === 'punct' && CONTINUATIONS.has(next.value)) || next.kind === 'template')) return [OTHER, this.skipExpression(j)];
    return [v, j];
  }

  private primary(i: number): [Value, number] {
    const t = this.tokens[i];
    if (t === undefined) return [OTHER, i];
    switch (t.kind) {
      case 'string':
        return [{ kind: 'string', value: t.value }, i + 1];
      case 'template':
        return [t.value === null ? OTHER : { kind: 'string', value: t.value }, i + 1];
      case 'ident':
        if (NOT_REFERENCES.has(t.value)) return [OTHER, this.skipExpression(i + 1)];
        return [{ kind: 'ref', path: [t.value] }, i + 1];
      case 'number':
      case 'regex':
        return [OTHER, i + 1];
      case 'punct':
        if (t.value === '[') {
          const [items, j] = this.list(i + 1, ']');
          return [{ kind: 'array', items }, j];
        }
        if (t.value === '{') return this.object(i + 1);
        if (t.value === '(') return [OTHER, this.skipBalanced(i)];
        return [OTHER, this.skipExpression(i + 1)];
      default: {
        const _exhaustive: never = t;
        return [OTHER, i + 1];
      }
    }
  }

  /** The items of an array literal or of call arguments, from after the opener; the index after the closer. */
  private list(i: number, closer: string): [Value[], number] {
    const items: Value[] = [];
    let j = i;
    while (j < this.tokens.length) {
      if (this.punct(j, closer)) return [items, j + 1];
      if (this.punct(j, ',')) {
        j++;
        continue;
      }
      const start = j;
      let v: Value;
      if (this.punct(j, '...')) {
        const [inner, k] = this.value(j + 1);
        v = { kind: 'spread', of: inner };
        j = k;
      } else [v, j] = this.value(j);
      items.push(v);
      if (!this.punct(j, ',') && !this.punct(j, closer)) j = this.skipExpression(j);
      if (j === start) j++;
    }
    return [items, j];
  }

  /** An object literal's properties, from after its `{`; the index after its `}`. */
  private object(i: number): [Value, number] {
    const props: Prop[] = [];
    let j = i;
    while (j < this.tokens.length) {
      if (this.punct(j, '}')) return [{ kind: 'object', props }, j + 1];
      if (this.punct(j, ',')) {
        j++;
        continue;
      }
      const start = j;
      const t = this.tokens[j]!;
      if (this.punct(j, '...')) {
        const [inner, k] = this.value(j + 1);
        props.push({ key: null, value: { kind: 'spread', of: inner } });
        j = k;
      } else {
        let key: string | null = null;
        if (t.kind === 'ident' || t.kind === 'string' || t.kind === 'number') {
          key = t.value;
          j++;
        } else if (this.punct(j, '[')) j = this.skipBalanced(j);
        else j++;
        if (this.punct(j, ':')) {
          const [v, k] = this.value(j + 1);
          props.push({ key, value: v });
          j = k;
        } else if (t.kind === 'ident' && (this.punct(j, ',') || this.punct(j, '}'))) {
          props.push({ key, value: { kind: 'ref', path: [t.value] } });
        } else {
          // A method, a getter, a computed key: nothing literal.
          if (this.punct(j, '(')) j = this.skipBalanced(j);
          if (this.punct(j, '{')) j = this.skipBalanced(j);
          props.push({ key, value: OTHER });
        }
      }
      if (!this.punct(j, ',') && !this.punct(j, '}')) j = this.skipExpression(j);
      if (j === start) j++;
    }
    return [{ kind: 'object', props }, j];
  }

  /** The index after the bracket group opened at `i`. */
  private skipBalanced(i: number): number {
    const stack: string[] = [];
    for (let j = i; j < this.tokens.length; j++) {
      const t = this.tokens[j]!;
      if (t.kind !== 'punct') continue;
      const closer = OPENERS[t.value];
      if (closer !== undefined) stack.push(closer);
      else if (CLOSERS.has(t.value)) {
        if (stack.pop() !== t.value || stack.length === 0) return j + 1;
      }
    }
    return this.tokens.length;
  }

  /** The index of the `,`, `;` or unmatched closer that ends the expression going on at `i`. */
  private skipExpression(i: number): number {
    let depth = 0;
    for (let j = i; j < this.tokens.length; j++) {
      const t = this.tokens[j]!;
      if (t.kind !== 'punct') continue;
      if (OPENERS[t.value] !== undefined) depth++;
      else if (CLOSERS.has(t.value)) {
        if (depth === 0) return j;
        depth--;
      } else if (depth === 0 && (t.value === ',' || t.value === ';')) return j;
    }
    return this.tokens.length;
  }
}

/** A JavaScript file read statically: its tokens, its `const`s (first binding of a name wins), what it exports. */
interface JsModule {
  reader: ValueReader;
  consts: Map<string, Value>;
  /** Names bound by destructuring a require (`const { okex } = require('./book')`): name → [module path, key]. */
  imported: Map<string, [from: string, key: string]>;
  /** `module.exports = …`, or null. */
  exports: Value | null;
}

function readModule(text: string): JsModule {
  const reader = new ValueReader(new Lexer(text).tokens());
  const { tokens } = reader;
  const consts = new Map<string, Value>();
  const imported = new Map<string, [string, string]>();
  let exports: Value | null = null;
  for (let i = 0; i < tokens.length; i++) {
    if (exports === null && reader.ident(i, 'module') && reader.punct(i + 1, '.') && reader.ident(i + 2, 'exports') && reader.punct(i + 3, '=')) {
      exports = reader.value(i + 4)[0];
      continue;
    }
    if (!reader.ident(i, 'const') && !reader.ident(i, 'let') && !reader.ident(i, 'var')) continue;
    const name = reader.ident(i + 1);
    if (name !== undefined && reader.punct(i + 2, '=')) {
      if (!consts.has(name)) consts.set(name, reader.value(i + 3)[0]);
    } else if (reader.punct(i + 1, '{')) {
      // `const { a, b: c } = require('…')`
      const names: Array<[key: string, local: string]> = [];
      let j = i + 2;
      for (;;) {
        const key = reader.ident(j);
        if (key === undefined) break;
        const local = reader.punct(j + 1, ':') ? reader.ident(j + 2) : key;
        if (local === undefined) break;
        names.push([key, local]);
        j += reader.punct(j + 1, ':') ? 3 : 1;
        if (reader.punct(j, ',')) j++;
      }
      if (!reader.punct(j, '}') || !reader.punct(j + 1, '=')) continue;
      const [v] = reader.value(j + 2);
      const from = requiredPath(v);
      for (const [key, local] of names) {
        if (from !== null) imported.set(local, [from, key]);
        else if (!consts.has(local)) consts.set(local, OTHER);
      }
    }
  }
  return { reader, consts, imported, exports };
}

/** The path of `require('<path>')`, or null. */
function requiredPath(v: Value): string | null {
  if (v.kind !== 'call' || v.callee.length !== 1 || v.callee[0] !== 'require') return null;
  const arg = v.args[0];
  return arg?.kind === 'string' ? arg.value : null;
}

/** Whether a required path is the address book (`../helper/bitcoin-book`, `…/index.js`). */
const isBookPath = (p: string): boolean => /^\.\.\/helper\/bitcoin-book(\/(index(\.js)?)?)?$/.test(p);

// ---------------------------------------------------------------------------------------------
// The feed.

/** Addresses read from a list, and why some of its items were left out. */
type Owners = { addresses: string[]; problems: string[] } | { reason: string };
const MAX_DEPTH = 8;

/** The Bitcoin address book (`projects/helper/bitcoin-book/`): its lists by key. */
class AddressBook {
  private readonly modules = new Map<string, JsModule | null>();

  constructor(private readonly files: ReadonlyMap<string, string>) {}

  private module(file: string): JsModule | null {
    if (!this.modules.has(file)) {
      // The lexer leaves comments out: no stripping needed before reading values.
      const text = this.files.get(file);
      this.modules.set(file, text === undefined ? null : readModule(text));
    }
    return this.modules.get(file) ?? null;
  }

  /** The list `bitcoinAddressBook.<key>` names: its per-file list when `imports` names one, else the inline one. */
  lookup(key: string, depth: number): Owners {
    const index = this.module('index.js');
    if (index === null) return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
    const imports = index.consts.get('imports');
    if (imports?.kind === 'array') {
      for (const pair of imports.items) {
        if (pair.kind !== 'array' || pair.items[0]?.kind !== 'string' || pair.items[0].value !== key) continue;
        const file = pair.items[1];
        const mod = file?.kind === 'string' ? this.module(file.value.replace(/^\.\//, '')) : null;
        if (mod?.exports == null) return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
        return bookOwners(resolveOwners(mod, mod.exports, this, depth + 1));
      }
    }
    if (index.exports?.kind !== 'object') return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
    const prop = index.exports.props.find((p) => p.key === key);
    if (prop === undefined) return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
    return bookOwners(resolveOwners(index, prop.value, this, depth + 1));
  }
}

/** A book's list that is not literal is left out as the book's. */
const bookOwners = (owners: Owners): Owners => ('reason' in owners ? { reason: DEFILLAMA_SKIP_REASONS.computedBook } : owners);

/** The addresses a value lists, following local constants, spreads and the address book. */
function resolveOwners(mod: JsModule, value: Value, book: AddressBook, depth = 0): Owners {
  if (depth > MAX_DEPTH) return { reason: DEFILLAMA_SKIP_REASONS.computed };
  switch (value.kind) {
    case 'array': {
      const addresses: string[] = [];
      const problems: string[] = [];
      for (const item of value.items) {
        const inner = item.kind === 'spread' ? resolveOwners(mod, item.of, book, depth + 1) : resolveOwner(mod, item, depth + 1);
        if ('reason' in inner) problems.push(item.kind === 'spread' ? inner.reason : DEFILLAMA_SKIP_REASONS.computedOwner);
        else {
          addresses.push(...inner.addresses);
          problems.push(...inner.problems);
        }
      }
      return { addresses, problems };
    }
    case 'ref': {
      const [head, key, ...rest] = value.path;
      const bound = head === undefined ? undefined : mod.consts.get(head);
      const imported = head === undefined ? undefined : mod.imported.get(head);
      if (value.path.length === 1 && bound !== undefined) return resolveOwners(mod, bound, book, depth + 1);
      if (value.path.length === 1 && imported !== undefined && isBookPath(imported[0])) return book.lookup(imported[1], depth);
      if (key !== undefined && rest.length === 0 && bound !== undefined) {
        const from = requiredPath(bound);
        if (from !== null && isBookPath(from)) return book.lookup(key, depth);
        if (bound.kind === 'object') {
          const prop = bound.props.find((p) => p.key === key);
          if (prop !== undefined) return resolveOwners(mod, prop.value, book, depth + 1);
        }
      }
      return { reason: DEFILLAMA_SKIP_REASONS.computed };
    }
    case 'string':
    case 'object':
    case 'spread':
    case 'call':
    case 'other':
      return { reason: DEFILLAMA_SKIP_REASONS.computed };
    default: {
      const _exhaustive: never = value;
      return { reason: DEFILLAMA_SKIP_REASONS.computed };
    }
  }
}

/** One item of a list: a string literal, or a local constant holding one. */
function resolveOwner(mod: JsModule, item: Value, depth: number): Owners {
  if (item.kind === 'string') return { addresses: [item.value], problems: [] };
  if (item.kind === 'ref' && item.path.length === 1 && depth <= MAX_DEPTH) {
    const bound = mod.consts.get(item.path[0]!);
    if (bound !== undefined) return resolveOwner(mod, bound, depth + 1);
  }
  return { reason: DEFILLAMA_SKIP_REASONS.computedOwner };
}

/** A value that should be an object: itself, or the local constant it names. */
function objectOf(mod: JsModule, value: Value | undefined, depth = 0): ObjectValue | null {
  if (value?.kind === 'object') return value;
  if (value?.kind === 'ref' && value.path.length === 1 && depth <= MAX_DEPTH) return objectOf(mod, mod.consts.get(value.path[0]!), depth + 1);
  return null;
}

/** Exchanges whose name is not their folder's slug title-cased (after a `-cex` suffix is dropped). */
const exchangeNames: Readonly<Record<string, string>> = {
  okex: 'OKX',
  okx: 'OKX',
  mexc: 'MEXC',
  htx: 'HTX',
  bitmex: 'BitMEX',
  kucoin: 'KuCoin',
  bitmart: 'BitMart',
  nonkyc: 'NonKYC',
  'crypto-com': 'Crypto.com',
  'gate-io': 'Gate.io',
};

/** An exchange's name from its adapter's folder: "kraken" → "Kraken", "okex" → "OKX", "mexc-cex" → "MEXC". */
export function exchangeName(slug: string): string {
  const base = slug.toLowerCase().replace(/[-_]cex$/, '');
  return (
    exchangeNames[base] ??
    base
      .split(/[-_]+/)
      .filter((w) => w !== '')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ')
  );
}

const ADAPTER = /^projects\/([^/]+)\/index\.js$/;
const BOOK_FILE = /^projects\/helper\/bitcoin-book\/([^/]+\.js)$/;
/** What a CEX adapter's text holds (in code, not in a comment). */
const REQUIRES_CEX_HELPER = /require\(\s*(['"])\.\.\/helper\/cex(\.js)?\1\s*\)/;
const CALLS_CEX_EXPORTS = /\bcexExports\s*\(/;

/** Whether a file is a CEX adapter; its text with comments stripped when it is. */
function cexAdapterText(text: string): string | null {
  // A cheap look first: most adapters are not CEX ones.
  if (!text.includes('helper/cex') || !text.includes('cexExports')) return null;
  const code = stripJsComments(text);
  return REQUIRES_CEX_HELPER.test(code) && CALLS_CEX_EXPORTS.test(code) ? code : null;
}

function readAdapter(slug: string, code: string, book: AddressBook, collector: EntryCollector): void {
  const file = `projects/${slug}/index.js`;
  const mod = readModule(code);
  const { reader } = mod;
  const configs = new Set<ObjectValue>();
  let calls = 0;
  for (let i = 0; i < reader.tokens.length; i++) {
    if (!reader.ident(i, 'cexExports') || !reader.punct(i + 1, '(') || reader.ident(i - 1, 'function')) continue;
    calls++;
    const [call] = reader.value(i);
    const config = call.kind === 'call' ? objectOf(mod, call.args[0]) : null;
    if (config === null) collector.skip(file, DEFILLAMA_SKIP_REASONS.computedConfig);
    else configs.add(config);
  }
  if (calls === 0) collector.skip(file, DEFILLAMA_SKIP_REASONS.computedConfig);
  const exchange = exchangeName(slug);
  const source = `${DEFILLAMA_ADAPTERS_PAGE}/projects/${encodeURIComponent(slug)}/index.js`;
  for (const config of configs) {
    for (const { key: chain, value } of config.props) {
      if (chain === null) {
        collector.skip(file, DEFILLAMA_SKIP_REASONS.computedConfig);
        continue;
      }
      const where = `${file} ${chain}`;
      const settings = objectOf(mod, value);
      const network = defiLlamaChainNetworks[chain];
      if (settings === null) {
        collector.skip(where, network === undefined ? DEFILLAMA_SKIP_REASONS.unscreened(chain) : DEFILLAMA_SKIP_REASONS.computedChain);
        continue;
      }
      const ownersProp = settings.props.find((p) => p.key === 'owners');
      if (ownersProp === undefined) {
        collector.skip(where, network === undefined ? DEFILLAMA_SKIP_REASONS.unscreened(chain) : DEFILLAMA_SKIP_REASONS.noOwners);
        continue;
      }
      const owners = resolveOwners(mod, ownersProp.value, book);
      if ('reason' in owners) {
        collector.skip(where, network === undefined ? DEFILLAMA_SKIP_REASONS.unscreened(chain) : owners.reason);
        continue;
      }
      owners.addresses.forEach((address, i) => {
        const at = `${where} owner ${i + 1} (${quoted(address)})`;
        if (network === undefined) return collector.skip(at, DEFILLAMA_SKIP_REASONS.unscreened(chain));
        collector.add(at, {
          address,
          network,
          category: 'exchange',
          name: `${exchange} (proof-of-reserves wallet, DefiLlama)`,
          source,
          confidence: 'service_data',
          actor: slug,
        });
      });
      for (const problem of owners.problems) collector.skip(where, network === undefined ? DEFILLAMA_SKIP_REASONS.unscreened(chain) : problem);
    }
  }
}

export async function parseDefiLlamaCex(source: FeedSource): Promise<FeedParseResult> {
  const collector = new EntryCollector();
  // One pass over the archive (its files can be read only as they go by): keep the CEX adapters and the address book.
  const adapters = new Map<string, string>();
  const bookFiles = new Map<string, string>();
  for await (const file of source.files()) {
    const book = BOOK_FILE.exec(file.path);
    if (book) {
      bookFiles.set(book[1]!, await file.text());
      continue;
    }
    const adapter = ADAPTER.exec(file.path);
    if (!adapter) continue;
    const code = cexAdapterText(await file.text());
    if (code !== null) adapters.set(adapter[1]!, code);
  }
  if (adapters.size === 0)
    throw new FeedError(
      'invalid-file',
      `${source.name} holds no CEX adapter (projects/<exchange>/index.js calling cexExports from ../helper/cex): the DefiLlama CEX feed reads the DefiLlama-Adapters repository (its .tar.gz, or a checkout of it)`,
    );
  const book = new AddressBook(bookFiles);
  const slugs = [...adapters.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const slug of slugs) {
    try {
      readAdapter(slug, adapters.get(slug)!, book, collector);
    } catch {
      collector.skip(`projects/${slug}/index.js`, DEFILLAMA_SKIP_REASONS.unreadable);
    }
  }
  return collector.result();
}

/** The chains of the networks the feed reads. */
const defiLlamaChains: readonly Chain[] = ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash', 'evm', 'tron', 'solana', 'xrp'];

export const defiLlamaCexFeed: DownloadedFeedDefinition = {
  id: 'defillama-cex',
  kind: 'download',
  name: 'DefiLlama CEX wallets',
  description:
    "Centralised exchanges' proof-of-reserves wallets as DefiLlama lists them in its open-source adapters (github.com/DefiLlama/DefiLlama-Adapters): the addresses each exchange disclosed for its reserves, on the networks WalletScreen screens. The adapters are read as text, never run, so lists computed at run time (Binance's among them) are left out.",
  categories: ['exchange'],
  licence: { name: 'ISC', url: 'https://github.com/DefiLlama/DefiLlama-Adapters', commercialUse: true },
  enabledByDefault: true,
  covers: defiLlamaChains,
  defaultUrl: DEFILLAMA_ADAPTERS_URL,
  parse: parseDefiLlamaCex,
};
