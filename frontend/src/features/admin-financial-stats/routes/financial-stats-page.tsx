import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Alert, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { StatsGranularity } from '@walletscreen/contracts';
import { ErrorState } from '../../../components/list-kit/error-state';
import { LoadingState } from '../../../components/list-kit/loading-state';
import { PageHeader } from '../../../components/page-header';
import { useStats } from '../api/get-stats';
import { StatCards } from '../components/stat-cards';
import { ChecksChart, RevenueChart, RiskDonut, TopCustomers } from '../components/stats-charts';
import { dayLabel } from '../stats-display';
import { DATE_INPUT_FORMAT } from '../../../lib/format-date';

type Range = [string | null, string | null];

/** /admin/financial-stats: revenue and checks per day or month, the risk distribution and the top customers over a range. */
export function FinancialStatsPage() {
  const [granularity, setGranularity] = useState<StatsGranularity>('day');
  const [range, setRange] = useState<Range>([null, null]);
  // A range counts once both ends are picked; until then (and after clearing) the default range is shown.
  const complete = range[0] !== null && range[1] !== null;
  const stats = useStats({ granularity, from: complete ? range[0] : null, to: complete ? range[1] : null });
  const data = stats.data;

  return (
    <>
      <PageHeader
        title="Financial Stats"
        description={
          data ? `Revenue and checks from ${dayLabel(data.from)} to ${dayLabel(data.to)} (UTC).` : 'Revenue and checks over a range of days or months.'
        }
      />
      <Stack gap="md">
        <Paper p="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="granularity-label">
                Per
              </Text>
              <SegmentedControl
                aria-labelledby="granularity-label"
                value={granularity}
                onChange={(v) => {
                  setGranularity(v);
                  setRange([null, null]);
                }}
                data={[
                  { value: 'day', label: 'Day' },
                  { value: 'month', label: 'Month' },
                ]}
              />
            </Stack>
            <DatePickerInput
              type="range"
              label="Date range"
              placeholder={granularity === 'day' ? 'Last 30 days' : 'Last 12 months'}
              valueFormat={DATE_INPUT_FORMAT}
              value={range}
              onChange={(v) => setRange(v)}
              clearable
              allowSingleDateInRange
              leftSection={<IconCalendar size={16} aria-hidden="true" />}
              w={{ base: '100%', xs: 280 }}
            />
          </Group>
        </Paper>
        {stats.isPending ? (
          <LoadingState label="Loading stats..." />
        ) : stats.isError ? (
          <ErrorState title="Could not load the stats" message={stats.error.message} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : data ? (
          <Stack gap="md" style={{ opacity: stats.isPlaceholderData ? 0.6 : 1 }} aria-busy={stats.isFetching}>
            <StatCards stats={data} />
            {data.totals.checks === 0 && data.totals.purchases === 0 && data.totals.completed === 0 ? (
              <Alert variant="light" color="gray" title="No activity in this range">
                No check was run and nothing was bought between {dayLabel(data.from)} and {dayLabel(data.to)}.
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <RevenueChart stats={data} />
              <ChecksChart stats={data} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
              <RiskDonut stats={data} />
              <TopCustomers title="Top customers by checks" customers={data.top_customers_by_checks} currency={data.currency} by="checks" />
              <TopCustomers title="Top customers by revenue" customers={data.top_customers_by_revenue} currency={data.currency} by="revenue" />
            </SimpleGrid>
          </Stack>
        ) : null}
      </Stack>
    </>
  );
}
