import { useState } from 'react';
import { Alert, Button, Checkbox, Code, Divider, FileInput, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconRefresh, IconUpload } from '@tabler/icons-react';
import { ErrorState } from '../../../components/list-kit/error-state';
import { LoadingState } from '../../../components/list-kit/loading-state';
import { SANCTIONS_UPLOAD_MAX_BYTES, sanctionsFailureNote, type SanctionsStatus } from '@walletscreen/contracts';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useSanctionsStatus } from '../api/get-sanctions-status';
import { useSyncSanctions } from '../api/sync-sanctions';
import { useUploadOfacFile } from '../api/upload-ofac-file';

const count = (n: number) => n.toLocaleString('en-US');
/** "24.11.2026 07:50 UTC". */
const moment = (iso: string) => `${formatDateTime(iso)} UTC`;
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function Figure({ label, value, note }: { label: string; value: React.ReactNode; note?: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className="ws-tabular">
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

/** "published 12 days ago". */
function ageText(s: SanctionsStatus): string {
  const days = s.publication_age_days;
  if (s.publication_date === null || days === null) return 'the file states no publication date';
  return days === 0 ? 'published today' : days === 1 ? 'published yesterday' : `published ${count(days)} days ago`;
}

/** Where the list in force came from, in words. */
function importedFrom(i: NonNullable<SanctionsStatus['last_import']>): string {
  const o = i.origin;
  if (o === null) {
    return i.trigger === 'refresh'
      ? 'by the automatic refresh'
      : i.trigger === 'upload'
        ? 'uploaded by an administrator'
        : i.trigger === 'command-line'
          ? 'from the command line'
          : '';
  }
  if (o.startsWith('uploaded by ')) return o;
  if (/^https?:\/\//i.test(o))
    return `downloaded from ${o}${i.trigger === 'refresh' ? ' by the automatic refresh' : i.trigger === 'admin-sync' ? ' (Sync now)' : ''}`;
  return `from the file ${o}${i.trigger === 'command-line' ? ' (command line)' : ''}`;
}

function ListInForce({ s }: { s: SanctionsStatus }) {
  const a = s.addresses;
  const tickers = a.unscreenable_tickers.map((t) => `${t.ticker} ${count(t.count)}`).join(', ');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label="List in force" value={s.source ?? 'OFAC SDN'} note={s.format ?? undefined} />
        <Figure label="Publication date" value={s.publication_date ? formatDate(s.publication_date) : 'Not stated'} note={ageText(s)} />
        <Figure label="Last import" value={s.last_import ? moment(s.last_import.at) : '—'} note={s.last_import ? importedFrom(s.last_import) : undefined} />
        <Figure
          label="Listed addresses"
          value={count(a.listed)}
          note={`${count(a.screened)} screened, ${count(a.cross_chain)} of them under another chain than their ticker's${a.unscreenable > 0 ? `; ${count(a.unscreenable)} cannot be screened` : ''}`}
        />
      </SimpleGrid>
      {a.cross_chain > 0 ? (
        <Text size="sm" c="dimmed">
          {plural(a.cross_chain, 'address is', 'addresses are')} listed under the ticker of another chain (USDT on the Omni Layer uses Bitcoin addresses, and
          OFAC sometimes mis-tags one): checks find them by what the address is. Monero, Zcash, Dash, Bitcoin Gold, Verge, Ethereum Classic and Bitcoin SV
          addresses are screened against the list only, and their checks say so.
        </Text>
      ) : null}
      {a.unscreenable > 0 ? (
        <Text size="sm" c="dimmed">
          Cannot be screened, on chains WalletScreen does not support: {tickers}.
        </Text>
      ) : null}
      {a.delisted > 0 ? (
        <Text size="sm" c="dimmed">
          {plural(a.delisted, 'listing has', 'listings have')} left the list since it was first loaded here; checks report them apart from current listings.
        </Text>
      ) : null}
      {s.last_sync_at && s.last_sync_result !== 'failed' ? (
        <Text size="sm" c="dimmed">
          Last sync: {moment(s.last_sync_at)}, {s.last_sync_result === 'imported' ? 'a new list was imported' : 'the list was unchanged'}.
        </Text>
      ) : null}
    </Stack>
  );
}

function NoList() {
  return (
    <Alert color="gray" variant="light" title="No list loaded" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
      <Text size="sm">
        Checks cannot screen against sanctions until an OFAC SDN list is loaded. Load OFAC&apos;s SDN_ADVANCED.XML (or SDN.XML, sdn.csv) with &quot;Load OFAC
        file&quot; below, press Sync now if this server can reach OFAC, or run <Code>npm run sanctions:sync -- --file PATH</Code> on the server.
      </Text>
    </Alert>
  );
}

/** A failed attempt after the last successful one, as a secondary note in words. */
function FailureNote({ s }: { s: SanctionsStatus }) {
  const f = s.last_failure;
  if (!f) return null;
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} role="status" aria-label="Last attempt">
      <Text size="sm">
        {sanctionsFailureNote(f)}
        {s.loaded ? '; the list above stays in force.' : '.'}
      </Text>
      {f.reason ? (
        <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Details: {f.reason}
        </Text>
      ) : null}
    </Alert>
  );
}

/** Loads an OFAC file from this computer: what offline installs have besides the command line. */
function LoadOfacFile() {
  const [file, setFile] = useState<File | null>(null);
  const [allowOlder, setAllowOlder] = useState(false);
  const [sent, setSent] = useState(0);
  const upload = useUploadOfacFile();
  const tooLarge = file !== null && file.size > SANCTIONS_UPLOAD_MAX_BYTES;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || tooLarge) return;
    setSent(0);
    upload.mutate(
      { file, allowOlder, onProgress: setSent },
      {
        onSuccess: () => {
          setFile(null);
          setAllowOlder(false);
        },
      },
    );
  };
  const result = upload.data;
  return (
    <form onSubmit={submit} aria-label="Load an OFAC file">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Load an OFAC file
        </Title>
        <Text size="sm" c="dimmed">
          For servers that cannot reach OFAC: load SDN_ADVANCED.XML, SDN.XML or sdn.csv downloaded from OFAC elsewhere (up to{' '}
          {SANCTIONS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB). It replaces the list in force.
        </Text>
        <Group align="flex-end" gap="md" wrap="wrap">
          <FileInput
            label="OFAC file"
            placeholder="SDN_ADVANCED.XML, SDN.XML or sdn.csv"
            accept=".xml,.csv,application/xml,text/xml,text/csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              upload.reset();
            }}
            error={tooLarge ? `This file is larger than ${SANCTIONS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB` : undefined}
            disabled={upload.isPending}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen OFAC file' }}
            w={{ base: '100%', xs: 340 }}
          />
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={upload.isPending} disabled={!file || tooLarge}>
            Load OFAC file
          </Button>
        </Group>
        <Checkbox
          label="Replace the list in force even though this file is older"
          description="Otherwise a list published before the one in force, or an sdn.csv (which states no date) over a dated list, is refused."
          checked={allowOlder}
          onChange={(e) => setAllowOlder(e.currentTarget.checked)}
          disabled={upload.isPending}
        />
        {upload.isPending && file ? (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{sent < 1 ? `Uploading ${file.name}: ${Math.floor(sent * 100)} %` : `Reading and importing ${file.name}...`}</Text>
            <Progress value={sent < 1 ? sent * 100 : 100} animated={sent >= 1} striped={sent >= 1} aria-label="Upload progress" />
          </Stack>
        ) : null}
        {result ? (
          <Alert color="teal" variant="light" role="status" title={result.result === 'imported' ? 'File loaded' : 'Nothing to load'}>
            <Text size="sm">
              {result.result === 'imported'
                ? `The list in force is now ${result.status.format ?? 'the OFAC SDN list'}${result.status.publication_date ? ` published ${formatDate(result.status.publication_date)}` : ''}, with ${plural(result.status.address_count, 'listed address', 'listed addresses')}.`
                : 'This file is already the list in force.'}
            </Text>
            {(result.warnings ?? []).map((w) => (
              <Text size="sm" c="dimmed" key={w}>
                Note: {w}.
              </Text>
            ))}
          </Alert>
        ) : null}
        {upload.isError ? (
          <Alert color="red" variant="light" role="alert" title="The file was not loaded: the list in force stays">
            <Text size="sm">{upload.error.message}</Text>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * The OFAC SDN list in force, where it came from and what it covers, its last sync, "Sync now",
 * and loading a file; `readOnly` (an auditor) shows the status alone.
 */
export function OfacStatusCard({ readOnly = false }: { readOnly?: boolean }) {
  const status = useSanctionsStatus();
  const sync = useSyncSanctions();
  const s = status.data;
  return (
    <Paper p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            OFAC SDN list
          </Title>
          {readOnly ? null : (
            <Button leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => sync.mutate()} loading={sync.isPending}>
              Sync now
            </Button>
          )}
        </Group>
        {status.isPending ? (
          <LoadingState label="Loading the list's status..." py="md" />
        ) : status.isError ? (
          <ErrorState
            title="Could not load the list's status"
            message={status.error.message}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : s ? (
          <>
            {s.loaded ? <ListInForce s={s} /> : <NoList />}
            <FailureNote s={s} />
          </>
        ) : null}
        {sync.data ? (
          <Alert
            color={sync.data.result === 'failed' ? 'red' : 'teal'}
            variant="light"
            role="status"
            title={
              sync.data.result === 'failed'
                ? 'Sync failed: the list in force stays'
                : sync.data.result === 'imported'
                  ? 'Sync finished: a new list was imported'
                  : 'Sync finished: the list is unchanged'
            }
          >
            {sync.data.error ?? `${count(sync.data.status.address_count)} listed addresses in force.`}
          </Alert>
        ) : null}
        {sync.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not sync">
            {sync.error.message}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <>
            <Divider />
            <LoadOfacFile />
          </>
        )}
      </Stack>
    </Paper>
  );
}
