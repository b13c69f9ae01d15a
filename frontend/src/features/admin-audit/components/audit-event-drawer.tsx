import { Code, CopyButton, Drawer, Group, Button, Stack, Text, Title } from '@mantine/core';
import { auditEventName, type AuditEntry } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';

/** One event: its fields, its JSON data (sensitive fields redacted by the server) and its hash. */
export function AuditEventDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Drawer opened={entry !== null} onClose={onClose} position="right" size="lg" title={entry ? `Event ${entry.position}: ${auditEventName(entry.type)}` : ''}>
      {entry ? (
        <Stack gap="md">
          <Stack gap={4}>
            <Row label="Recorded">
              <span title={entry.at}>{formatDateTime(entry.at)} UTC</span>
            </Row>
            <Row label="Type">
              <span className="ws-mono">{entry.type}</span>
            </Row>
            <Row label="Stream">{entry.stream}</Row>
            <Row label="User">{entry.user_email ?? entry.user_id ?? '—'}</Row>
            <Row label="Admin">{entry.admin_email ?? '—'}</Row>
          </Stack>
          <Stack gap={4}>
            <Title order={4}>Data</Title>
            <Code block tabIndex={0} aria-label="Event data as JSON" style={{ maxHeight: '50vh', overflow: 'auto' }}>
              {JSON.stringify(entry.data, null, 2)}
            </Code>
          </Stack>
          <Stack gap={4}>
            <Group justify="space-between">
              <Title order={4}>Hash</Title>
              {entry.hash ? (
                <CopyButton value={entry.hash}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy hash'}
                    </Button>
                  )}
                </CopyButton>
              ) : null}
            </Group>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {entry.hash ?? 'No hash recorded'}
            </Code>
          </Stack>
        </Stack>
      ) : null}
    </Drawer>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={80} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Group>
  );
}
