/**
 * `custom-labels`: the administrator's own labels, uploaded on the Feeds screen (or given to
 * `npm run feeds:sync -- custom-labels --file PATH`), each upload a new version. The file is in
 * the shipped labels file's format (workers/src/intelligence/labels.json, `parseLabels`), and it
 * is held to it strictly: one bad entry refuses the whole file, naming every problem, because the
 * administrator can fix their own file (third-party feeds skip bad entries and count them).
 *
 * This is beside EXTRA_LABELS_FILE (a file on the server, read at start), which keeps working.
 */
import { LabelsFileError, parseLabels } from '../intelligence/labels';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { riskCategories } from '@walletscreen/domain/feed/events';
import type { FeedParseResult, FeedSource, UploadedFeedDefinition } from './feed';

export async function parseCustomLabels(source: FeedSource): Promise<FeedParseResult> {
  try {
    const labels = parseLabels(await source.text(), source.name, 'custom');
    return {
      entries: labels.map(({ origin: _origin, ...label }) => label),
      skipped: { count: 0, reasons: {}, examples: [] },
    };
  } catch (error) {
    if (error instanceof LabelsFileError) throw new FeedError('invalid-file', error.message, { cause: error });
    throw error;
  }
}

export const customLabelsFeed: UploadedFeedDefinition = {
  id: 'custom-labels',
  kind: 'upload',
  name: 'Your own labels',
  description:
    "Labels your administrators upload, in the shipped labels file's format (address, network, category, name, source, jurisdiction); each upload replaces the previous one as a new version.",
  categories: riskCategories,
  licence: { name: "Your organisation's own data", url: null, commercialUse: true },
  enabledByDefault: true,
  parse: parseCustomLabels,
};
