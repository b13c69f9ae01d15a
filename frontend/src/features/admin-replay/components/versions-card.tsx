import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CheckVersions } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { CopyAddress } from '../../../components/copy-address';
import { formatDate, formatDateTime } from '../../../lib/format-date';

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Stack gap={2} miw={0} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

const orNone = (value: string | null, none = 'Not recorded') =>
  value === null || value.trim() === '' ? (
    <Text span c="dimmed" size="sm">
      {none}
    </Text>
  ) : (
    value
  );

function SanctionsList({ versions }: { versions: CheckVersions }) {
  const list = versions.sanctions_list;
  if (!list) {
    return versions.sanctions_list_loaded === false ? <>No list was loaded: the check did not screen against sanctions</> : orNone(null);
  }
  return (
    <Stack gap={2}>
      <span>
        {list.source}
        {list.published_at ? `, published ${formatDate(list.published_at)}` : ''}, imported {formatDateTime(list.imported_at)} UTC,{' '}
        <span className="ws-tabular">{list.address_count.toLocaleString('en-US')}</span> {list.address_count === 1 ? 'address' : 'addresses'}
      </span>
      <CopyAddress address={list.sha256} shorten copyLabel="Copy the sanctions list's sha256" />
    </Stack>
  );
}

/** What a check used, as its evidence records it: model, lists, intelligence, data source and writer. */
export function VersionsCard({ versions }: { versions: CheckVersions }) {
  return (
    <Paper p="md" component="section" aria-labelledby="versions-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="versions-title">
          Versions used
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          <Field label="Risk model">{versions.risk_model ? <span className="ws-mono">{versions.risk_model}</span> : orNone(null)}</Field>
          <Field label="Model profile (SHA-256)">
            {versions.risk_profile ? (
              <CopyAddress address={versions.risk_profile.sha256} shorten copyLabel="Copy the sha256 of the risk-model profile" />
            ) : (
              orNone(null)
            )}
          </Field>
          <Field label="Writer">{orNone(versions.writer)}</Field>
          <Field label="Blockchain provider">
            {versions.reused_blockchain_data_of ? (
              <>
                Reused the data of{' '}
                <Anchor component={Link} to={`/admin/checks/${encodeURIComponent(versions.reused_blockchain_data_of)}`} underline="always">
                  an earlier check
                </Anchor>
                {versions.blockchain_provider ? ` (${versions.blockchain_provider})` : ''}
              </>
            ) : (
              orNone(versions.blockchain_provider)
            )}
          </Field>
          <Field label="Indirect exposure">
            {versions.trace ? (
              <>
                Traced {versions.trace.depth} hops: {versions.trace.expanded} {versions.trace.expanded === 1 ? 'address' : 'addresses'} read
                {versions.trace.failed > 0 ? `, ${versions.trace.failed} unreadable` : ''}
                {versions.trace.not_expanded > 0 ? `, ${versions.trace.not_expanded} left` : ''} (<span className="ws-tabular">{versions.trace.requests}</span>{' '}
                of {versions.trace.request_budget} requests, at most {versions.trace.fan_out} per hop)
              </>
            ) : (
              orNone(null, 'Not traced')
            )}
          </Field>
          <Field label="Intelligence labels">{orNone(versions.intelligence.labels_version)}</Field>
          <Field label="Chainabuse">{orNone(versions.intelligence.chainabuse)}</Field>
          <Field label="Sanctions list" wide>
            <SanctionsList versions={versions} />
          </Field>
          <Field label="Intelligence feeds" wide>
            {(versions.feeds ?? []).length === 0 ? (
              <Text span c="dimmed" size="sm">
                None recorded
              </Text>
            ) : (
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {(versions.feeds ?? []).map((f) => (
                  <Stack component="li" key={f.id} gap={0}>
                    <span>
                      {f.name}, version <span className="ws-tabular">{f.version}</span>,{' '}
                      <span className="ws-tabular">{f.entry_count.toLocaleString('en-US')}</span> {f.entry_count === 1 ? 'entry' : 'entries'}
                    </span>
                    <CopyAddress address={f.sha256} shorten copyLabel={`Copy the sha256 of ${f.name}`} />
                  </Stack>
                ))}
              </Stack>
            )}
          </Field>
          <Field label="Custom lists" wide>
            {versions.custom_lists.length === 0 ? (
              <Text span c="dimmed" size="sm">
                None in force
              </Text>
            ) : (
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {versions.custom_lists.map((l) => (
                  <Stack component="li" key={l.list_id} gap={0}>
                    <span>
                      {l.name} ({l.kind} list), version <span className="ws-tabular">{l.version}</span>,{' '}
                      <span className="ws-tabular">{l.entry_count.toLocaleString('en-US')}</span> {l.entry_count === 1 ? 'entry' : 'entries'}
                    </span>
                    <CopyAddress address={l.sha256} shorten copyLabel={`Copy the sha256 of ${l.name}`} />
                  </Stack>
                ))}
              </Stack>
            )}
          </Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
