import { Anchor, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { auditEventName, type AuditEntry } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { EventTypeName } from './event-type-name';

/** The log: when, who, which admin, what and on which stream; a row opens the event. */
export function AuditTable({ entries, onOpen, onUser }: { entries: AuditEntry[]; onOpen: (e: AuditEntry) => void; onUser: (userId: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">#</Table.Th>
            <Table.Th>When (UTC)</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Admin</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Stream</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr
              key={e.position}
              onClick={() => onOpen(e)}
              onKeyDown={(k) => {
                if (k.key === 'Enter' || k.key === ' ') {
                  k.preventDefault();
                  onOpen(e);
                }
              }}
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              aria-label={`Event ${e.position}: ${auditEventName(e.type)} (${e.type})`}
            >
              <Table.Td ta="right" className="ws-tabular">
                {e.position}
              </Table.Td>
              <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(e.at)}
              </Table.Td>
              <Table.Td>
                {e.user_id ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={(ev: React.MouseEvent) => {
                      ev.stopPropagation();
                      onUser(e.user_id!);
                    }}
                    title="Show this customer's balance history"
                  >
                    {e.user_email ?? e.user_id}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={e.admin_email ? undefined : 'dimmed'}>
                  {e.admin_email ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <EventTypeName type={e.type} />
              </Table.Td>
              <Table.Td maw={260}>
                <Tooltip label={e.stream} openDelay={400}>
                  <Anchor
                    component={Link}
                    to={`/admin/streams/${encodeURIComponent(e.stream)}?position=${e.position}`}
                    size="sm"
                    truncate="end"
                    display="block"
                    onClick={(ev: React.MouseEvent) => ev.stopPropagation()}
                    onKeyDown={(ev: React.KeyboardEvent) => ev.stopPropagation()}
                    aria-label={`Open stream ${e.stream} as of event ${e.position}`}
                  >
                    {e.stream}
                  </Anchor>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
