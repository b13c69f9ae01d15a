import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TreeHeadStatus } from '@walletscreen/contracts';
import { CopyAddress } from '../../../components/copy-address';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format-date';
import { useTreeHead } from '../api/get-tree-head';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Stack>
  );
}

/** The witness's last answer, in words. */
export function witnessText(witness: TreeHeadStatus['witness']): { text: string; tone: 'teal' | 'red' | 'gray' } {
  if (!witness.configured) return { text: 'No witness configured: tree heads are kept in the log only', tone: 'gray' };
  const last = witness.last;
  if (!last) return { text: `${witness.host ?? 'The witness'}: nothing sent yet`, tone: 'gray' };
  if (last.outcome === 'delivered')
    return {
      text: `${witness.host ?? 'The witness'} took the head of ${last.tree_size.toLocaleString('en-US')} events (${formatDateTime(last.at)})`,
      tone: 'teal',
    };
  return {
    text: `${witness.host ?? 'The witness'} did not take the head of ${last.tree_size.toLocaleString('en-US')} events: ${last.error ?? `HTTP ${last.status_code ?? '?'}`} (${formatDateTime(last.at)})`,
    tone: 'red',
  };
}

/** The audit log's latest signed tree head: what an outside witness holds, and every evidence bundle is proved against. */
export function TreeHeadCard() {
  const status = useTreeHead();
  return (
    <Paper p="md" component="section" aria-labelledby="tree-head-title" data-testid="tree-head">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="tree-head-title">
            Signed tree head
          </Title>
          <Text size="sm" c="dimmed">
            The Merkle tree over every recorded event, signed with this installation&apos;s Ed25519 key while the log grows. Evidence bundles prove their events
            against it; a rewritten history no longer matches it.
          </Text>
        </Stack>
        {status.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            Loading the tree head...
          </Text>
        ) : status.isError ? (
          <ErrorAlert title="Could not load the tree head">{status.error.message}</ErrorAlert>
        ) : (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" m={0}>
            <Field label="Size">
              {status.data.latest ? <span className="ws-tabular">{status.data.latest.tree_size.toLocaleString('en-US')} events</span> : 'None signed yet'}
            </Field>
            <Field label="Signed">{status.data.latest ? <span className="ws-tabular">{formatDateTime(status.data.latest.timestamp)}</span> : '—'}</Field>
            <Field label="Root hash">
              {status.data.latest ? <CopyAddress address={status.data.latest.root_hash} shorten copyLabel="Copy root hash" /> : '—'}
            </Field>
            <Field label="Key fingerprint">
              <Group gap={6} wrap="nowrap" component="span">
                <CopyAddress address={status.data.key_id} shorten copyLabel="Copy key fingerprint" />
                <Badge variant="light" color="gray" size="sm">
                  {status.data.key_source === 'configured' ? 'Key file' : 'Data directory'}
                </Badge>
              </Group>
            </Field>
            <Field label="Witness">
              <Text span size="sm" c={witnessText(status.data.witness).tone === 'red' ? 'red' : undefined} data-testid="tree-head-witness">
                {witnessText(status.data.witness).text}
              </Text>
            </Field>
            <Field label="Heads signed">
              <span className="ws-tabular">{status.data.tree_heads.toLocaleString('en-US')}</span>
            </Field>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
