import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconFlask, IconReceipt, IconReceiptRefund, IconShieldSearch, IconUsers } from '@tabler/icons-react';
import type { Stats } from '@walletscreen/contracts';
import { formatCount, formatMoney } from '../stats-display';

function StatCard({ label, value, hint, icon, testId }: { label: string; value: string; hint?: string; icon: ReactNode; testId?: string }) {
  return (
    <Paper p="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          {icon}
          {label}
        </Text>
        <Text fz={26} fw={650} className="ws-tabular" lh={1.2}>
          {value}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * Revenue, purchases, checks, active customers and refunds over the range, and the test payments
 * (no money moved: the built-in test-payment page, Stripe in test mode) apart from the revenue.
 */
export function StatCards({ stats }: { stats: Stats }) {
  const t = stats.totals;
  const others = Object.entries(t.revenue_by_currency).filter(([c]) => c !== stats.currency);
  const tests = stats.test_payments;
  const otherTests = Object.entries(tests.amount_by_currency).filter(([c]) => c !== stats.currency);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="md" role="group" aria-label="Totals">
      <StatCard
        label="Revenue"
        value={formatMoney(t.revenue, stats.currency)}
        hint={others.length ? `Also ${others.map(([c, v]) => formatMoney(v, c)).join(', ')}` : `${formatCount(t.checks_purchased)} checks sold`}
        icon={<IconCash size={14} aria-hidden="true" />}
        testId="stat-revenue"
      />
      <StatCard
        label="Purchases"
        value={formatCount(t.purchases)}
        hint={`${formatCount(t.paying_customers)} paying customers`}
        icon={<IconReceipt size={14} aria-hidden="true" />}
      />
      <StatCard
        label="Checks"
        value={formatCount(t.checks)}
        hint={`${formatCount(t.completed)} completed, ${formatCount(t.incomplete)} incomplete, ${formatCount(t.failed)} failed`}
        icon={<IconShieldSearch size={14} aria-hidden="true" />}
      />
      <StatCard label="Active customers" value={formatCount(t.active_customers)} hint="Checked or bought" icon={<IconUsers size={14} aria-hidden="true" />} />
      <StatCard label="Refunds" value={formatCount(t.refunds)} hint="Checks given back" icon={<IconReceiptRefund size={14} aria-hidden="true" />} />
      <StatCard
        label="Test payments"
        value={formatCount(tests.purchases)}
        hint={`${[formatMoney(tests.amount, stats.currency), ...otherTests.map(([c, v]) => formatMoney(v, c))].join(', ')}, not counted as revenue`}
        icon={<IconFlask size={14} aria-hidden="true" />}
        testId="stat-test-payments"
      />
    </SimpleGrid>
  );
}
