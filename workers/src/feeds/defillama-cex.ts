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
 *   never required, evaluated nor run in any way. They are parsed with acorn (the maintained
 *   ECMAScript parser; a parser, not a lexer of our own, is what tells a comment from a `//` in a
 *   string or a URL, a regular expression from a division, a template's text from its `${…}`), and
 *   only its syntax tree is read: the file's top-level bindings, its `module.exports`, its calls of
 *   `cexExports(…)`, and in them only literals: string literals (and templates without
 *   substitutions), arrays and objects of them, and references to top-level constants and to the
 *   address book. Comments are no part of the tree, so nothing commented out is ever taken.
 *   Anything else (a list fetched or computed at run time, Binance's proof-of-reserves API, the
 *   book's fetchers) is left out and counted with its reason, as are chains WalletScreen does not
 *   screen (starknet, ton, cardano, …: a starknet `0x` + 64 hex address is never read as an EVM
 *   one), and an adapter acorn cannot parse (counted as not read statically, with acorn's message).
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
import {
  parse,
  type AnyNode,
  type AssignmentProperty,
  type CallExpression,
  type Expression,
  type MemberExpression,
  type ObjectExpression,
  type Options,
  type Pattern,
  type Program,
  type Property,
  type SpreadElement,
} from 'acorn';
import { simple as walkSimple } from 'acorn-walk';
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
// Reading JavaScript statically, on acorn's syntax tree: only literals, and the names bound to
// them, are read. Nothing is ever evaluated.

const PARSE_OPTIONS: Options = {
  ecmaVersion: 'latest',
  sourceType: 'script',
  allowHashBang: true,
  allowReturnOutsideFunction: true,
  allowAwaitOutsideFunction: true,
};

/** A file's syntax tree, or acorn's reason for refusing it (its message ends with the line and column). */
function parseJs(text: string): Program | { error: string } {
  try {
    return parse(text, PARSE_OPTIONS);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** The text of a string literal, or of a template literal without `${…}` substitutions; else null. */
function stringValue(node: AnyNode | null | undefined): string | null {
  if (node?.type === 'Literal') return typeof node.value === 'string' ? node.value : null;
  if (node?.type === 'TemplateLiteral') return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? null) : null;
  return null;
}

/** The name a member expression reads (`a.b`, `a['b']`), or null when it is computed. */
const memberKey = (node: MemberExpression): string | null =>
  node.computed ? stringValue(node.property) : node.property.type === 'Identifier' ? node.property.name : null;

/** The key of an object literal's or pattern's property (`a`, `'a'`, `1`, `['a']`), or null when it is computed. */
const propertyKey = (p: Property | AssignmentProperty): string | null =>
  p.computed ? stringValue(p.key) : p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : null;

/** The names of a reference (`a`, `a.b`, `a['b']`), or null when it is anything else. */
function refPath(node: AnyNode | null | undefined): string[] | null {
  if (node?.type === 'Identifier') return [node.name];
  if (node?.type !== 'MemberExpression' || node.optional) return null;
  const head = refPath(node.object);
  const key = memberKey(node);
  return head === null || key === null ? null : [...head, key];
}

/** The path of `require('<path>')`, or null. */
function requiredPath(node: AnyNode | null | undefined): string | null {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return null;
  return stringValue(node.arguments[0]);
}

/** An object literal's properties in order: their keys (null when computed at run time, or for a spread) and values (null for a method, a getter or a spread: nothing literal). */
const properties = (object: ObjectExpression): Array<{ key: string | null; value: Expression | null }> =>
  object.properties.map((p) =>
    p.type === 'SpreadElement' ? { key: null, value: null } : { key: propertyKey(p), value: p.kind === 'init' && !p.method ? p.value : null },
  );

/** The value of an object literal's first property named `key` (undefined when it has none). */
const property = (object: ObjectExpression, key: string): Expression | null | undefined => properties(object).find((p) => p.key === key)?.value;

/** What a name is bound to at the top of a file. */
type Binding =
  | { kind: 'value'; node: Expression }
  /** Destructured from a require (`const { okex } = require('./book')`). */
  | { kind: 'import'; from: string; key: string }
  /** Destructured from anything else, or with a default: nothing literal. */
  | { kind: 'other' };

/** A JavaScript file read statically: its top-level bindings (the first binding of a name wins) and what it exports. */
interface JsModule {
  bindings: Map<string, Binding>;
  /** `module.exports = …` (the first), or null. */
  exports: Expression | null;
}

/** The names a binding pattern binds. */
function patternNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p : p.value));
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => (e === null ? [] : patternNames(e)));
    case 'RestElement':
      return patternNames(pattern.argument);
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    case 'MemberExpression':
      return [];
    default: {
      const _exhaustive: never = pattern;
      return [];
    }
  }
}

function readModule(program: Program): JsModule {
  const bindings = new Map<string, Binding>();
  const bind = (name: string, binding: Binding) => {
    if (!bindings.has(name)) bindings.set(name, binding);
  };
  let exports: Expression | null = null;
  for (const statement of program.body) {
    if (statement.type === 'ExpressionStatement') {
      const e = statement.expression;
      if (exports === null && e.type === 'AssignmentExpression' && e.operator === '=' && refPath(e.left)?.join('.') === 'module.exports') exports = e.right;
      continue;
    }
    if (statement.type !== 'VariableDeclaration') continue;
    for (const { id, init } of statement.declarations) {
      if (init === null || init === undefined) continue;
      if (id.type === 'Identifier') {
        bind(id.name, { kind: 'value', node: init });
        continue;
      }
      // `const { a, b: c } = require('…')` binds the required module's keys; any other pattern binds nothing literal.
      const from = requiredPath(init);
      if (id.type !== 'ObjectPattern' || from === null) {
        for (const name of patternNames(id)) bind(name, { kind: 'other' });
        continue;
      }
      for (const p of id.properties) {
        const local = p.type === 'Property' ? p.value : p;
        const key = p.type === 'Property' ? propertyKey(p) : null;
        if (key !== null && local.type === 'Identifier') bind(local.name, { kind: 'import', from, key });
        else for (const name of patternNames(local)) bind(name, { kind: 'other' });
      }
    }
  }
  return { bindings, exports };
}

/** Whether a required path is the address book (`../helper/bitcoin-book`, `…/index.js`). */
const isBookPath = (p: string): boolean => /^\.\.\/helper\/bitcoin-book(\/(index(\.js)?)?)?$/.test(p);
/** Whether a required path is the CEX helper (`../helper/cex`, `../helper/cex.js`). */
const isCexHelperPath = (p: string): boolean => /^\.\.\/helper\/cex(\.js)?$/.test(p);

/** A CEX adapter's calls of `cexExports(…)` (or `x.cexExports(…)`) in the file's order; null when the file is no CEX adapter (no such call, or no require of `../helper/cex`). */
function cexExportsCalls(program: Program): CallExpression[] | null {
  const calls: CallExpression[] = [];
  let requiresHelper = false;
  walkSimple(program, {
    CallExpression(node) {
      const from = requiredPath(node);
      if (from !== null) requiresHelper ||= isCexHelperPath(from);
      const { callee } = node;
      const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? memberKey(callee) : null;
      if (name === 'cexExports') calls.push(node);
    },
  });
  return requiresHelper && calls.length > 0 ? calls.sort((a, b) => a.start - b.start) : null;
}

// ---------------------------------------------------------------------------------------------
// The feed.

/** Addresses read from a list, and why some of its items were left out. */
type Owners = { addresses: string[]; problems: string[] } | { reason: string };
const MAX_DEPTH = 8;

/** The Bitcoin address book (`projects/helper/bitcoin-book/`): its lists by key. */
class AddressBook {
  private readonly modules = new Map<string, JsModule | null>();

  constructor(private readonly files: ReadonlyMap<string, string>) {}

  /** A file of the book, read; null when it is missing or acorn refuses it (its lists are then left out as the book's). */
  private module(file: string): JsModule | null {
    if (!this.modules.has(file)) {
      const text = this.files.get(file);
      const program = text === undefined ? undefined : parseJs(text);
      this.modules.set(file, program === undefined || 'error' in program ? null : readModule(program));
    }
    return this.modules.get(file) ?? null;
  }

  /** The list `bitcoinAddressBook.<key>` names: its per-file list when `imports` names one, else the inline one. */
  lookup(key: string, depth: number): Owners {
    const index = this.module('index.js');
    if (index === null) return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
    const imports = index.bindings.get('imports');
    if (imports?.kind === 'value' && imports.node.type === 'ArrayExpression') {
      for (const pair of imports.node.elements) {
        if (pair?.type !== 'ArrayExpression' || stringValue(pair.elements[0]) !== key) continue;
        const file = stringValue(pair.elements[1]);
        const mod = file === null ? null : this.module(file.replace(/^\.\//, ''));
        if (mod?.exports == null) return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
        return bookOwners(resolveOwners(mod, mod.exports, this, depth + 1));
      }
    }
    if (index.exports?.type !== 'ObjectExpression') return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
    const list = property(index.exports, key);
    if (list === undefined) return { reason: DEFILLAMA_SKIP_REASONS.computedBook };
    return bookOwners(resolveOwners(index, list, this, depth + 1));
  }
}

/** A book's list that is not literal is left out as the book's. */
const bookOwners = (owners: Owners): Owners => ('reason' in owners ? { reason: DEFILLAMA_SKIP_REASONS.computedBook } : owners);

/** The value a top-level name is bound to, or undefined. */
function boundValue(mod: JsModule, name: string): Expression | undefined {
  const binding = mod.bindings.get(name);
  return binding?.kind === 'value' ? binding.node : undefined;
}

/** The addresses a value lists, following local constants, spreads and the address book. */
function resolveOwners(mod: JsModule, value: Expression | null, book: AddressBook, depth = 0): Owners {
  if (depth > MAX_DEPTH || value === null) return { reason: DEFILLAMA_SKIP_REASONS.computed };
  if (value.type === 'ArrayExpression') {
    const addresses: string[] = [];
    const problems: string[] = [];
    for (const item of value.elements) {
      if (item === null) continue;
      const inner = item.type === 'SpreadElement' ? resolveOwners(mod, item.argument, book, depth + 1) : resolveOwner(mod, item, depth + 1);
      if ('reason' in inner) problems.push(item.type === 'SpreadElement' ? inner.reason : DEFILLAMA_SKIP_REASONS.computedOwner);
      else {
        addresses.push(...inner.addresses);
        problems.push(...inner.problems);
      }
    }
    return { addresses, problems };
  }
  const path = refPath(value);
  if (path === null || path.length > 2) return { reason: DEFILLAMA_SKIP_REASONS.computed };
  const [head, key] = path as [string, string | undefined];
  const binding = mod.bindings.get(head);
  if (key === undefined) {
    // `owners`, `owners: list`: a local constant, or a list destructured from the book.
    if (binding?.kind === 'value') return resolveOwners(mod, binding.node, book, depth + 1);
    if (binding?.kind === 'import' && isBookPath(binding.from)) return book.lookup(binding.key, depth);
  } else if (binding?.kind === 'value') {
    // `bitcoinAddressBook.okex`, `lists.cold`: a key of the book, or of a local object.
    const from = requiredPath(binding.node);
    if (from !== null && isBookPath(from)) return book.lookup(key, depth);
    if (binding.node.type === 'ObjectExpression') {
      const list = property(binding.node, key);
      if (list !== undefined) return resolveOwners(mod, list, book, depth + 1);
    }
  }
  return { reason: DEFILLAMA_SKIP_REASONS.computed };
}

/** One item of a list: a string literal, or a local constant holding one. */
function resolveOwner(mod: JsModule, item: Expression | undefined, depth: number): Owners {
  const address = stringValue(item);
  if (address !== null) return { addresses: [address], problems: [] };
  if (item?.type === 'Identifier' && depth <= MAX_DEPTH) {
    const bound = boundValue(mod, item.name);
    if (bound !== undefined) return resolveOwner(mod, bound, depth + 1);
  }
  return { reason: DEFILLAMA_SKIP_REASONS.computedOwner };
}

/** A value that should be an object: itself, or the local constant it names. */
function objectOf(mod: JsModule, value: Expression | SpreadElement | null | undefined, depth = 0): ObjectExpression | null {
  if (value?.type === 'ObjectExpression') return value;
  if (value?.type === 'Identifier' && depth <= MAX_DEPTH) return objectOf(mod, boundValue(mod, value.name), depth + 1);
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

function readAdapter(slug: string, program: Program, calls: readonly CallExpression[], book: AddressBook, collector: EntryCollector): void {
  const file = `projects/${slug}/index.js`;
  const mod = readModule(program);
  const configs = new Set<ObjectExpression>();
  for (const call of calls) {
    const config = objectOf(mod, call.arguments[0]);
    if (config === null) collector.skip(file, DEFILLAMA_SKIP_REASONS.computedConfig);
    else configs.add(config);
  }
  const exchange = exchangeName(slug);
  const source = `${DEFILLAMA_ADAPTERS_PAGE}/projects/${encodeURIComponent(slug)}/index.js`;
  for (const config of configs) {
    for (const { key: chain, value } of properties(config)) {
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
      const list = property(settings, 'owners');
      if (list === undefined) {
        collector.skip(where, network === undefined ? DEFILLAMA_SKIP_REASONS.unscreened(chain) : DEFILLAMA_SKIP_REASONS.noOwners);
        continue;
      }
      const owners = resolveOwners(mod, list, book);
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
  // One pass over the archive (its files can be read only as they go by): keep the address book and the adapters that may be CEX ones.
  const candidates = new Map<string, string>();
  const bookFiles = new Map<string, string>();
  for await (const file of source.files()) {
    const book = BOOK_FILE.exec(file.path);
    if (book) {
      bookFiles.set(book[1]!, await file.text());
      continue;
    }
    const adapter = ADAPTER.exec(file.path);
    if (!adapter) continue;
    const text = await file.text();
    // A cheap look first: most adapters are not CEX ones.
    if (text.includes('helper/cex') && text.includes('cexExports')) candidates.set(adapter[1]!, text);
  }
  const book = new AddressBook(bookFiles);
  let adapters = 0;
  for (const slug of [...candidates.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const file = `projects/${slug}/index.js`;
    const program = parseJs(candidates.get(slug)!);
    if ('error' in program) {
      // Acorn refuses it (not JavaScript, or newer than it knows): it may be a CEX adapter, and none of it can be read.
      adapters++;
      collector.skip(`${file} (${program.error})`, DEFILLAMA_SKIP_REASONS.unreadable);
      continue;
    }
    // A CEX adapter requires the helper and calls cexExports in its code: a comment or a string naming them is no call.
    const calls = cexExportsCalls(program);
    if (calls === null) continue;
    adapters++;
    try {
      readAdapter(slug, program, calls, book, collector);
    } catch {
      collector.skip(file, DEFILLAMA_SKIP_REASONS.unreadable);
    }
  }
  if (adapters === 0)
    throw new FeedError(
      'invalid-file',
      `${source.name} holds no CEX adapter (projects/<exchange>/index.js calling cexExports from ../helper/cex): the DefiLlama CEX feed reads the DefiLlama-Adapters repository (its .tar.gz, or a checkout of it)`,
    );
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
