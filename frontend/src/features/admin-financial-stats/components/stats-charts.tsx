import type { ReactNode } from 'react';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Box, Center, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Stats, TopCustomer } from '@walletscreen/contracts';
import { formatCount, formatMoney, periodLabel } from '../stats-display';

/** The spec's risk colours, used here only for the risk levels. */
const RISK = [
  { key: 'low', name: 'Low Risk', color: '#2f9e44' },
  { key: 'medium', name: 'Medium Risk', color: '#d9a300' },
  { key: 'high', name: 'High Risk', color: '#e03131' },
  { key: 'incomplete', name: 'Incomplete', color: '#495057' },
  { key: 'unknown', name: 'Unknown', color: '#adb5bd' },
] as const;

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Paper p="md" h="100%">
      <Stack gap="sm" h="100%">
        <Title order={2} fz="md">
          {title}
        </Title>
        {/* The chart is drawn for the eye; the summary is its text alternative. */}
        <Box role="img" aria-label={summary}>
          {children}
        </Box>
      </Stack>
    </Paper>
  );
}

export function RevenueChart({ stats }: { stats: Stats }) {
  const data = stats.series.map((p) => ({ period: periodLabel(p.period, stats.granularity), Revenue: p.revenue }));
  const peak = stats.series.reduce((best, p) => (p.revenue > best.revenue ? p : best), stats.series[0] ?? { period: '', revenue: 0 });
  return (
    <ChartCard
      title={`Revenue per ${stats.granularity}`}
      summary={`Revenue per ${stats.granularity}: ${formatMoney(stats.totals.revenue, stats.currency)} in total${peak.revenue > 0 ? `, highest ${formatMoney(peak.revenue, stats.currency)} on ${periodLabel(peak.period, stats.granularity)}` : ''}.`}
    >
      <AreaChart
        h={260}
        data={data}
        dataKey="period"
        series={[{ name: 'Revenue', color: 'accent.6' }]}
        curveType="step"
        withDots={false}
        valueFormatter={(v) => formatMoney(v, stats.currency)}
        yAxisProps={{ width: 72 }}
        gridAxis="y"
      />
    </ChartCard>
  );
}

export function ChecksChart({ stats }: { stats: Stats }) {
  const data = stats.series.map((p) => ({
    period: periodLabel(p.period, stats.granularity),
    'Low Risk': p.low,
    'Medium Risk': p.medium,
    'High Risk': p.high,
    Incomplete: p.incomplete,
    Unknown: p.unknown,
    Failed: p.failed,
  }));
  return (
    <ChartCard
      title={`Checks per ${stats.granularity}`}
      summary={`Checks per ${stats.granularity}: ${formatCount(stats.totals.checks)} requested, ${formatCount(stats.totals.completed)} completed, ${formatCount(stats.totals.incomplete)} incomplete (refunded) and ${formatCount(stats.totals.failed)} failed, stacked by risk level.`}
    >
      <BarChart
        h={260}
        data={data}
        dataKey="period"
        type="stacked"
        series={[...RISK.map((r) => ({ name: r.name, color: r.color })), { name: 'Failed', color: 'gray.4' }]}
        valueFormatter={formatCount}
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        gridAxis="y"
      />
    </ChartCard>
  );
}

export function RiskDonut({ stats }: { stats: Stats }) {
  const dist = stats.risk_distribution;
  const total = dist.low + dist.medium + dist.high + dist.incomplete + dist.unknown;
  const data = RISK.map((r) => ({ name: r.name, value: dist[r.key], color: r.color })).filter((d) => d.value > 0);
  const pct = (n: number) => (total === 0 ? '0%' : `${Math.round((n / total) * 100)}%`);
  return (
    <ChartCard
      title="Risk levels"
      summary={`Risk levels of ${formatCount(total)} completed checks: ${RISK.map((r) => `${r.name} ${formatCount(dist[r.key])}`).join(', ')}.`}
    >
      {total === 0 ? (
        <Center h={200}>
          <Text c="dimmed" size="sm">
            No completed check in this range
          </Text>
        </Center>
      ) : (
        <Stack gap="sm" align="center">
          <DonutChart
            data={data}
            size={180}
            thickness={26}
            chartLabel={`${formatCount(total)} checks`}
            tooltipDataSource="segment"
            valueFormatter={formatCount}
          />
          <Stack gap={4} w="100%" maw={260}>
            {RISK.map((r) => (
              <Group key={r.key} justify="space-between" gap="xs">
                <Group gap={6}>
                  <Box w={10} h={10} style={{ borderRadius: 2, background: r.color }} aria-hidden="true" />
                  <Text size="sm">{r.name}</Text>
                </Group>
                <Text size="sm" className="ws-tabular">
                  {formatCount(dist[r.key])} · {pct(dist[r.key])}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </ChartCard>
  );
}

export function TopCustomers({ title, customers, currency, by }: { title: string; customers: TopCustomer[]; currency: string; by: 'checks' | 'revenue' }) {
  return (
    <Paper p="md" h="100%">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {customers.length === 0 ? (
          <Text c="dimmed" size="sm">
            {by === 'checks' ? 'No checks in this range' : 'No purchases in this range'}
          </Text>
        ) : (
          <Table verticalSpacing={6} aria-label={title} style={{ tableLayout: 'fixed' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Customer</Table.Th>
                <Table.Th scope="col" ta="right" w={64}>
                  Checks
                </Table.Th>
                <Table.Th scope="col" ta="right" w={96}>
                  Revenue
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customers.map((c) => (
                <Table.Tr key={c.user_id}>
                  <Table.Td>
                    <Text size="sm" truncate="end" title={c.email} fw={500}>
                      {c.email || 'Unknown customer'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" className="ws-tabular" fw={by === 'checks' ? 600 : undefined}>
                    {formatCount(c.checks)}
                  </Table.Td>
                  <Table.Td ta="right" className="ws-tabular" fw={by === 'revenue' ? 600 : undefined}>
                    {formatMoney(c.revenue, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
