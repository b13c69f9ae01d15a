import type { ReactNode } from 'react';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { accessLabel, classifyRiskLabel, shownRiskScore } from '@walletscreen/contracts';
import { CopyAddress } from '../../../components/copy-address';
import { toneClasses } from '../../../components/tone';
import { CheckId } from './check-id';
import { formatCheckTime, mobileRiskTone, networkLabel, shortCheckId } from '../history-display';
import type { HistoryListProps } from './history-table';
import { AmlCompliance } from './aml-compliance';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box ta="right" miw={0}>
        {children}
      </Box>
    </Group>
  );
}

/** The mobile list, "Request History": one card per check; the risk level red, orange or green. */
export function HistoryCards({ items, onDetails, showEmail = false }: HistoryListProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="request-history-title" data-testid="history-cards">
      <Title order={3} id="request-history-title">
        Request History
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => {
          const ref = shortCheckId(item.id);
          const tone = mobileRiskTone(item.risk_level);
          const level =
            item.risk_level.trim() === ''
              ? 'Unknown'
              : classifyRiskLabel(item.risk_level).level === 'unknown'
                ? item.risk_level
                : classifyRiskLabel(item.risk_level).text;
          return (
            <Paper component="li" p="sm" key={item.id} data-testid="history-card" data-check-id={item.id}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <CheckId id={item.id} />
                  <Text size="sm" c="dimmed" className="ws-tabular">
                    {formatCheckTime(item)}
                  </Text>
                </Group>
                <CopyAddress address={item.wallet_address} shorten copyLabel={`Copy the full wallet address of check ${ref}`} />
                <Field label="Network">
                  <Text size="sm" data-testid="history-network">
                    {networkLabel(item.network)}
                  </Text>
                </Field>
                {showEmail ? (
                  <Field label="Email">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.user_email || 'Unknown'}
                    </Text>
                  </Field>
                ) : null}
                <Field label="Risk">
                  <Text size="sm" fw={700} className={toneClasses.tone} data-tone={tone} style={{ color: 'var(--tone-fg)' }}>
                    {level}{' '}
                    {shownRiskScore(item.risk_level, item.risk_score) === null ? null : (
                      <Text span size="sm" c="dimmed" fw={500} className="ws-tabular">
                        ({item.risk_score})
                      </Text>
                    )}
                  </Text>
                </Field>
                <Field label="AML Compliance">
                  <AmlCompliance value={item.aml_status} wrap />
                </Field>
                <Field label="Access">
                  <Text size="sm">{accessLabel(item.access)}</Text>
                </Field>
                <Button size="xs" variant="default" mt={4} onClick={() => onDetails(item)} aria-label={`Details of check ${ref}`}>
                  Details
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
