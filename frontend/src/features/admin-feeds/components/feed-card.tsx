import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconRefresh, IconUpload } from '@tabler/icons-react';
import { CUSTOM_LABELS_UPLOAD_MAX_BYTES, feedFailureNote, networkNames, type FeedStatus } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { useSyncFeed } from '../api/sync-feed';
import { useUploadCustomLabels } from '../api/upload-custom-labels';

const count = (n: number) => n.toLocaleString('en-US');
/** "24.11.2026 07:50 UTC". */
const moment = (iso: string) => `${formatDateTime(iso)} UTC`;

function Figure({ label, value, note }: { label: string; value: React.ReactNode; note?: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className="ws-tabular" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {note ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Where the version in force came from, in words. */
function origin(f: FeedStatus): string | undefined {
  const o = f.origin;
  if (o === null) return f.kind === 'shipped' ? 'shipped with WalletScreen' : undefined;
  if (o.startsWith('uploaded by ')) return o;
  return /^https?:\/\//i.test(o) ? `downloaded from ${o}` : `from the file ${o}`;
}

/** What the version in force left out, counted by reason. */
function Skipped({ f }: { f: FeedStatus }) {
  if (!f.skipped) return null;
  const reasons = Object.entries(f.skipped.reasons).map(([reason, n]) => `${count(n)}: ${reason}`);
  return (
    <Text size="sm" c="dimmed">
      {count(f.skipped.count)} {f.skipped.count === 1 ? 'entry' : 'entries'} of its file could not be used ({reasons.join('; ')}). First:{' '}
      {f.skipped.examples.join('; ')}.
    </Text>
  );
}

/** What a chain key of the counts is called: "evm" stands for every EVM network. */
const chainName = (chain: string): string =>
  chain === 'evm' ? 'EVM chains' : ((networkNames as Record<string, string>)[chain] ?? chain.charAt(0).toUpperCase() + chain.slice(1));

/** The version in force's labelled addresses by chain and category, largest first. */
function Counts({ f }: { f: FeedStatus }) {
  const chains = Object.entries(f.counts ?? {})
    .map(([chain, byCategory]) => ({
      chain,
      byCategory: Object.entries(byCategory).sort((a, b) => b[1] - a[1]),
      total: Object.values(byCategory).reduce((a, b) => a + b, 0),
    }))
    .sort((a, b) => b.total - a.total);
  if (chains.length === 0) return null;
  return (
    <Stack gap={2} aria-label={`${f.name}: labelled addresses by chain and category`}>
      <Text size="sm" c="dimmed">
        By chain and category
      </Text>
      {chains.map(({ chain, byCategory, total }) => (
        <Text key={chain} size="sm" className="ws-tabular">
          <Text span fw={600}>
            {chainName(chain)}
          </Text>{' '}
          {count(total)}: {byCategory.map(([category, n]) => `${count(n)} ${category}`).join(' · ')}
        </Text>
      ))}
    </Stack>
  );
}

/** The version in force, or why there is none. */
function VersionInForce({ f }: { f: FeedStatus }) {
  if (f.version === null) {
    return (
      <Text size="sm" c="dimmed">
        {f.kind === 'upload' ? 'No labels file uploaded yet.' : 'Not loaded yet: checks do not read it until it is synced.'}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Version in force" value={f.version} note={f.sha256 ? `SHA-256 ${f.sha256.slice(0, 16)}…` : undefined} />
        <Figure label="Labelled addresses" value={count(f.entries)} />
        <Figure label="Imported" value={f.imported_at ? moment(f.imported_at) : '—'} note={origin(f)} />
      </SimpleGrid>
      <Counts f={f} />
      <Skipped f={f} />
    </Stack>
  );
}

/** The last sync attempt: a failure in words under the status (the version in force stays). */
function LastSync({ f }: { f: FeedStatus }) {
  const s = f.last_sync;
  if (!s) return null;
  if (s.result !== 'failed') {
    return (
      <Text size="sm" c="dimmed">
        Last sync: {moment(s.at)}, {s.result === 'imported' ? 'a new version was imported' : 'the file was unchanged'}.
      </Text>
    );
  }
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} role="status" aria-label={`Last attempt for ${f.name}`}>
      <Text size="sm">
        {feedFailureNote(s)}
        {f.version !== null ? '; the version above stays in force.' : '.'}
      </Text>
      {s.reason ? (
        <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Details: {s.reason}
        </Text>
      ) : null}
    </Alert>
  );
}

/** Uploads the administrator's own labels file as the next version of the custom-labels feed. */
function UploadLabels() {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadCustomLabels();
  const tooLarge = file !== null && file.size > CUSTOM_LABELS_UPLOAD_MAX_BYTES;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || tooLarge) return;
    upload.mutate(file, { onSuccess: () => setFile(null) });
  };
  const result = upload.data;
  return (
    <form onSubmit={submit} aria-label="Upload your labels file">
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <FileInput
            label="Labels file (JSON)"
            placeholder="labels.json"
            accept=".json,application/json"
            value={file}
            onChange={(f) => {
              setFile(f);
              upload.reset();
            }}
            error={tooLarge ? `This file is larger than ${CUSTOM_LABELS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB` : undefined}
            disabled={upload.isPending}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen labels file' }}
            w={{ base: '100%', xs: 340 }}
          />
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={upload.isPending} disabled={!file || tooLarge}>
            Upload labels
          </Button>
        </Group>
        {result ? (
          <Alert color="teal" variant="light" role="status" title={result.result === 'imported' ? 'Labels uploaded' : 'Nothing to upload'}>
            <Text size="sm">
              {result.result === 'imported'
                ? `Version ${result.feed.version ?? ''} is in force, with ${count(result.feed.entries)} labelled addresses.`
                : 'This file is already the version in force.'}
            </Text>
          </Alert>
        ) : null}
        {upload.isError ? (
          <Alert color="red" variant="light" role="alert" title="The file was not loaded: the labels in force stay">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {upload.error.message}
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * One intelligence feed: on or off, its licence (said plainly when it does not allow commercial
 * use), the version in force and what its file left out, the last sync, and, for admins, "Sync
 * now" (downloaded feeds) or the labels upload (your own labels). `readOnly` (an auditor) shows
 * the status alone.
 */
export function FeedCard({ feed: f, readOnly = false }: { feed: FeedStatus; readOnly?: boolean }) {
  const sync = useSyncFeed();
  const outcome = sync.data;
  return (
    <Paper p="md" aria-labelledby={`feed-${f.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h4" id={`feed-${f.id}`}>
                {f.name}
              </Title>
              <Badge color={f.enabled ? 'teal' : 'gray'} variant="light">
                {f.enabled ? 'On' : 'Off'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {f.description}
            </Text>
          </Stack>
          {!readOnly && f.kind === 'download' && f.enabled ? (
            <Button
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={() => sync.mutate(f.id)}
              loading={sync.isPending}
              aria-label={`Sync now: ${f.name}`}
            >
              Sync now
            </Button>
          ) : null}
        </Group>
        <Text size="sm">
          Licence:{' '}
          {f.licence.url ? (
            <Anchor href={f.licence.url} target="_blank" rel="noreferrer">
              {f.licence.name}
            </Anchor>
          ) : (
            f.licence.name
          )}
          {f.licence.commercial_use
            ? ''
            : '. Its licence does not allow commercial use: turn it on only if your use is non-commercial or you hold a licence from its publisher.'}
        </Text>
        {f.enabled ? null : (
          <Text size="sm" c="dimmed">
            Checks do not read this feed and it is never downloaded. The operator of this server turns feeds on and off.
          </Text>
        )}
        <VersionInForce f={f} />
        <LastSync f={f} />
        {outcome ? (
          <Alert
            color={outcome.result === 'failed' ? 'red' : 'teal'}
            variant="light"
            role="status"
            title={
              outcome.result === 'failed'
                ? 'Sync failed: the version in force stays'
                : outcome.result === 'imported'
                  ? `Sync finished: version ${outcome.feed.version ?? ''} imported`
                  : 'Sync finished: the feed is unchanged'
            }
          >
            {outcome.error ?? `${count(outcome.feed.entries)} labelled addresses in force.`}
          </Alert>
        ) : null}
        {sync.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not sync">
            {sync.error.message}
          </Alert>
        ) : null}
        {!readOnly && f.kind === 'upload' && f.enabled ? <UploadLabels /> : null}
      </Stack>
    </Paper>
  );
}
