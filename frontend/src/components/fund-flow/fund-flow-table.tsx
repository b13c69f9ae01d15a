import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { shortenAddress, type FundFlow } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { CopyAddress } from '../copy-address';
import { categoryTone, flowsOf, hopLabel, networkOf, nodeCategoryLabel, sharePercent } from './fund-flow-display';
import { useAddressLink } from './fund-flow-links';
import classes from './fund-flow.module.css';

/** The graph as a table: every address with its hop, category (and why), share, flows and links. */
export function FundFlowTable({ flow }: { flow: FundFlow }) {
  const linkOf = useAddressLink();
  const network = networkOf(flow);
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" striped aria-label="Fund flow: the addresses of the graph" data-testid="fund-flow-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Hops</Table.Th>
            <Table.Th scope="col">Category</Table.Th>
            <Table.Th scope="col" ta="right">
              Share
            </Table.Th>
            <Table.Th scope="col">Flows</Table.Th>
            <Table.Th scope="col">Links</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flow.nodes.map((node) => {
            const link = linkOf(node.address, network);
            const short = shortenAddress(node.address);
            return (
              <Table.Tr key={node.address} data-address={node.address}>
                <Table.Td>
                  <CopyAddress address={node.address} shorten copyLabel={`Copy ${node.hop === 0 ? 'wallet address' : `address ${short}`}`} />
                </Table.Td>
                <Table.Td fw={node.hop === 0 ? 600 : undefined}>{hopLabel(node.hop)}</Table.Td>
                <Table.Td className={classes.tone} data-tone={categoryTone(node.category)} maw={320}>
                  <Text span size="sm" className={classes.tableCategory}>
                    {nodeCategoryLabel(node)}
                  </Text>
                  {node.reasons.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      {node.reasons.join('; ')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  {sharePercent(node.share)}
                </Table.Td>
                <Table.Td>
                  {node.hop === 0 ? (
                    <Text span size="sm" c="dimmed">
                      —
                    </Text>
                  ) : (
                    <Stack gap={0}>
                      {flowsOf(flow, node).map((f) => (
                        <Text key={f} size="xs">
                          {f}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Anchor
                      href={node.explorer_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      aria-label={`${short} in the block explorer (opens in a new tab)`}
                    >
                      Explorer <IconExternalLink size={12} aria-hidden="true" style={{ verticalAlign: '-1px' }} />
                    </Anchor>
                    {node.hop === 0 ? null : (
                      <Anchor component={Link} to={link.to} size="sm" aria-label={link.label}>
                        {link.text}
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
