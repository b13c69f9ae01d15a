/**
 * Labelled addresses, stage 4 of a check ("scanning intelligence feeds"): the labels file the
 * project ships (`labels.json`, every entry taken from a public document named in its `source`)
 * and, optionally, a self-hoster's own file in the same format, merged over it.
 *
 * Addresses are matched by the per-chain keys of the sanctions lookup (`matchKeyFor`): an EVM
 * label (network "ethereum" in the shipped file) matches the address case-insensitively on every
 * EVM network; other chains match the address's normalized form on that chain.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { networks, parseAddress, type Network } from '@walletscreen/contracts';
import { riskCategories, type RiskCategory } from '../checks/risk-model';
import { matchKeyFor } from '../sanctions/match-key';
import { chainOfNetwork } from '@walletscreen/domain/sanctions-list/listing';

/** A label of one address, as the report and the risk model use it. */
export interface AddressLabel {
  /** The labelled address in its normalized form. */
  address: string;
  network: Network;
  category: RiskCategory;
  name: string;
  /** The URL of the public document the label comes from. */
  source: string;
  jurisdiction?: string;
  /** `shipped`: the project's labels file; `custom`: the self-hoster's extra file. */
  origin: 'shipped' | 'custom';
}

const text = (what: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is missing` : `${what} must be text`) })
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .max(max, { error: `${what} must be at most ${max} characters` });

const isWebUrl = (v: string) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);

/** One entry of a labels file. Unknown fields are refused, so a misspelt field is not lost silently. */
export const labelEntrySchema = z.strictObject({
  address: text('address', 120),
  network: z.enum(networks, { error: `network must be one of ${networks.join(', ')}` }),
  category: z.enum(riskCategories, { error: `category must be one of ${riskCategories.join(', ')}` }),
  name: text('name', 200),
  source: text('source', 2000).refine(isWebUrl, { error: 'source must be the http(s) URL of the public document the label comes from' }),
  jurisdiction: text('jurisdiction', 100).optional(),
});
export type LabelEntry = z.infer<typeof labelEntrySchema>;

/** A labels file: `{ "description"?: string, "labels": [entry, …] }`. */
export const labelsFileSchema = z.object({
  description: z.string().optional(),
  labels: z.array(z.unknown(), { error: 'the file must be an object with a "labels" array' }),
});

/** A labels file that cannot be used; `problems` names every bad entry. */
export class LabelsFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid labels file ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'LabelsFileError';
  }
}

/** The first 12 hex digits of the SHA-256 of a labels file's content. */
export function labelsVersionOf(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 12);
}

const describeEntry = (index: number, raw: unknown): string => {
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const what = [fields.name, fields.address].filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  return `entry ${index + 1}${what.length ? ` (${what.join(', ')})` : ''}`;
};

const messageOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'must be an object';
  return issue.message;
};

/** The key an address is looked up by: its chain and its per-chain match key. */
const keyOf = (network: Network, address: string): string => `${chainOfNetwork(network)}:${matchKeyFor(network, address)}`;

/**
 * Parses and validates the content of a labels file. Addresses must parse on their network and
 * are stored normalized; an address may appear once per file. Throws LabelsFileError listing every
 * problem, each naming its entry (1-based) by name and address.
 */
export function parseLabels(content: string, file: string, origin: AddressLabel['origin']): AddressLabel[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new LabelsFileError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  const top = labelsFileSchema.safeParse(json);
  if (!top.success) throw new LabelsFileError(file, ['the file must be an object with a "labels" array']);

  const problems: string[] = [];
  const labels: AddressLabel[] = [];
  const seen = new Map<string, number>();
  top.data.labels.forEach((raw, index) => {
    const entry = labelEntrySchema.safeParse(raw);
    if (!entry.success) {
      for (const issue of entry.error.issues) problems.push(`${describeEntry(index, raw)}: ${messageOf(issue)}`);
      return;
    }
    const { address, network, category, name, source, jurisdiction } = entry.data;
    const parsed = parseAddress(address, network);
    if (!parsed.ok) {
      problems.push(`${describeEntry(index, raw)}: the address is not a valid ${network} address: ${parsed.reason}`);
      return;
    }
    const key = keyOf(network, parsed.address.normalized);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(`${describeEntry(index, raw)}: the address is already labelled by entry ${first + 1}; give each address one entry`);
      return;
    }
    seen.set(key, index);
    labels.push(Object.freeze({ address: parsed.address.normalized, network, category, name, source, ...(jurisdiction ? { jurisdiction } : {}), origin }));
  });
  if (problems.length > 0) throw new LabelsFileError(file, problems);
  return labels;
}

// The shipped file is bundled with the code (the server bundle and the Docker image carry no
// source tree). It is written as JSON.stringify(…, null, 2) plus a newline, so that text is the
// file's exact content and its hash is the file's hash; a unit test holds the file to that form.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON import would need labels.json in the tsconfig's file list
const shippedJson: unknown = require('./labels.json');
const shippedContent = `${JSON.stringify(shippedJson, null, 2)}\n`;

/** Where the shipped labels come from, for error messages and reports. */
export const SHIPPED_LABELS_FILE = 'workers/src/intelligence/labels.json';

/** The version of the shipped labels file: the first 12 hex digits of the SHA-256 of its content. */
export const shippedLabelsVersion = labelsVersionOf(shippedContent);

let shippedLabels: AddressLabel[] | undefined;
const shippedLabelList = (): AddressLabel[] => (shippedLabels ??= parseLabels(shippedContent, SHIPPED_LABELS_FILE, 'shipped'));

export interface LabelIndex {
  /**
   * The shipped file's version; with an extra file, `shipped+extra` (each the first 12 hex digits
   * of the SHA-256 of that file's content), so a check records exactly which labels it used.
   */
  readonly labelsVersion: string;
  /** Every label in force, shipped and custom (frozen). */
  readonly labels: readonly AddressLabel[];
  /**
   * The labels of each of `addresses` on `network`, keyed by the addresses exactly as given.
   * Addresses without a label are left out. EVM addresses match case-insensitively and across
   * every EVM network; other chains match on the address's normalized form.
   */
  labelsFor(network: Network, addresses: Iterable<string>): Map<string, AddressLabel[]>;
}

export interface LabelOptions {
  /** A self-hoster's own labels file in the same format, merged over the shipped one. */
  extraLabelsFile?: string;
}

function readLabelsFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LabelsFileError(file, [
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'this is a folder, not a file' : `cannot read it: ${(error as Error).message}`,
    ]);
  }
}

/**
 * Builds the label index. An entry of the extra file replaces the shipped label of the same
 * address (the self-hoster's word wins); its other entries are added. Throws LabelsFileError when
 * the extra file is missing or invalid.
 */
export function loadLabels(options: LabelOptions = {}): LabelIndex {
  const byKey = new Map<string, AddressLabel[]>();
  for (const label of shippedLabelList()) byKey.set(keyOf(label.network, label.address), [label]);

  let labelsVersion = shippedLabelsVersion;
  if (options.extraLabelsFile !== undefined) {
    const content = readLabelsFile(options.extraLabelsFile);
    for (const label of parseLabels(content, options.extraLabelsFile, 'custom')) byKey.set(keyOf(label.network, label.address), [label]);
    labelsVersion = `${shippedLabelsVersion}+${labelsVersionOf(content)}`;
  }

  const labels = [...byKey.values()].flat();
  return {
    labelsVersion,
    labels,
    labelsFor(network, addresses) {
      const found = new Map<string, AddressLabel[]>();
      for (const address of addresses) {
        const hit = byKey.get(keyOf(network, address));
        if (hit)
          found.set(
            address,
            hit.map((label) => ({ ...label })),
          );
      }
      return found;
    },
  };
}
