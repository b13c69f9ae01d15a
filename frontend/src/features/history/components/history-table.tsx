import { Button, Table, Text } from '@mantine/core';
import { classifyRiskLabel, accessLabel, shownRiskScore } from '@walletscreen/contracts';
import { CopyAddress } from '../../../components/copy-address';
import { RiskBadge } from '../../../components/risk-badge';
import { CheckId } from './check-id';
import { formatCheckTime, networkLabel, shortCheckId } from '../history-display';
import type { HistoryRow } from '../history-item';
import { AmlCompliance } from './aml-compliance';

export interface HistoryListProps {
  items: HistoryRow[];
  onDetails: (item: HistoryRow) => void;
  /** Adds the Email column (the admins' view of every user's checks). */
  showEmail?: boolean;
}

/**
 * The desktop table: Check (its short id: a row number changed with every filter), (Email,) Wallet
 * Address, Network, Risk Score, Date & Time, AML Compliance, Access, Details. The admins' table,
 * with its Email column, fits a 1366-px laptop beside the sidebar: the e-mail, the date and time
 * and a long AML status and a score beside its level wrap there instead of making the table scroll sideways.
 */
export function HistoryTable({ items, onDetails, showEmail = false }: HistoryListProps) {
  return (
    <Table.ScrollContainer minWidth={showEmail ? 960 : 1000}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={showEmail ? 8 : undefined} aria-label="Wallet checks" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Check</Table.Th>
            {showEmail ? <Table.Th scope="col">Email</Table.Th> : null}
            <Table.Th scope="col">Wallet Address</Table.Th>
            <Table.Th scope="col">Network</Table.Th>
            <Table.Th scope="col">Risk Score</Table.Th>
            <Table.Th scope="col" ta="right">
              Date &amp; Time
            </Table.Th>
            <Table.Th scope="col">AML Compliance</Table.Th>
            <Table.Th scope="col">Access</Table.Th>
            <Table.Th scope="col" ta="right">
              Details
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const ref = shortCheckId(item.id);
            const known = classifyRiskLabel(item.risk_level).level !== 'unknown';
            return (
              <Table.Tr key={item.id} data-testid="history-row" data-check-id={item.id}>
                <Table.Td>
                  <CheckId id={item.id} />
                </Table.Td>
                {showEmail ? (
                  <Table.Td data-testid="history-email" miw={130}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.user_email || 'Unknown'}
                    </Text>
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <CopyAddress address={item.wallet_address} shorten copyLabel={`Copy the full wallet address of check ${ref}`} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="history-network">
                  {networkLabel(item.network)}
                </Table.Td>
                <Table.Td>
                  {known ? (
                    <span style={{ display: 'inline-flex', flexWrap: showEmail ? 'wrap' : undefined, alignItems: 'center', gap: 8 }}>
                      <RiskBadge value={item.risk_level} />
                      {shownRiskScore(item.risk_level, item.risk_score) === null ? null : (
                        <Text span size="sm" c="dimmed" className="ws-tabular" aria-label={`score ${item.risk_score} out of 100`}>
                          {item.risk_score}
                        </Text>
                      )}
                    </span>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" className="ws-tabular" style={showEmail ? undefined : { whiteSpace: 'nowrap' }}>
                  {formatCheckTime(item)}
                </Table.Td>
                <Table.Td>
                  <AmlCompliance value={item.aml_status} wrap={showEmail} />
                </Table.Td>
                <Table.Td>{accessLabel(item.access)}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant="default" onClick={() => onDetails(item)} aria-label={`Details of check ${ref}`}>
                    Details
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
