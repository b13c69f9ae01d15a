import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import type { Plan } from '@walletscreen/contracts';
import { formatPlanPrice, pricePerCheck } from '../plan-display';

/** One plan: name, "N Wallet Checks", the price with two decimals, the price per check, and Buy. */
export function PlanCard({ plan, onBuy, buying, disabled }: { plan: Plan; onBuy: (plan: Plan) => void; buying: boolean; disabled: boolean }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="plan-card" data-plan={plan.id} component="article" aria-labelledby={`plan-${plan.id}`}>
      <Stack gap="sm" h="100%">
        <Title order={3} id={`plan-${plan.id}`}>
          {plan.name}
        </Title>
        <Text c="dimmed">{plan.checks} Wallet Checks</Text>
        <Group gap={6} align="baseline">
          <Text fz={32} fw={700} className="ws-tabular" data-testid="plan-price">
            {formatPlanPrice(plan.price, plan.currency)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" className="ws-tabular" data-testid="plan-price-per-check">
          {formatPlanPrice(pricePerCheck(plan), plan.currency)} per check
        </Text>
        <Button
          mt="auto"
          fullWidth
          leftSection={<IconShoppingCart size={16} aria-hidden="true" />}
          loading={buying}
          disabled={disabled && !buying}
          onClick={() => onBuy(plan)}
          aria-label={`Buy ${plan.name}`}
        >
          Buy
        </Button>
      </Stack>
    </Card>
  );
}
