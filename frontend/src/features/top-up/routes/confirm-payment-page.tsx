import { Link, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '../../../components/list-kit/error-state';
import { LoadingState } from '../../../components/list-kit/loading-state';
import { IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { useCompleteLocalSession } from '../api/complete-local-session';
import { useLocalSession } from '../api/get-local-session';
import { formatPlanPrice, purchaseErrorText } from '../plan-display';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * /dashboard/top-up/confirm?session=…: the local test-payment provider's checkout (used when the
 * server has no Stripe key). Confirming credits the plan through the same purchase command as Stripe.
 */
export function ConfirmPaymentPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const session = useLocalSession(sessionId);
  const complete = useCompleteLocalSession();

  return (
    <>
      <PageHeader title="Confirm your purchase" />
      <Paper p="lg" maw={520} withBorder>
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconFlask size={18} aria-hidden="true" />} title="Test payment — no money is charged">
            This server has no payment provider configured. Confirming adds the checks to your balance without any charge.
          </Alert>
          {sessionId === '' ? (
            <Text role="alert">No payment session was given.</Text>
          ) : session.isPending ? (
            <LoadingState label="Loading payment..." py="md" />
          ) : session.isError ? (
            <ErrorState message={session.error.message} onRetry={() => void session.refetch()} retrying={session.isFetching} />
          ) : (
            <>
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Title order={3}>{session.data.plan_name}</Title>
                  <Text c="dimmed">{session.data.checks} Wallet Checks</Text>
                </Stack>
                <Text fz={28} fw={700} className="ws-tabular" data-testid="confirm-amount">
                  {formatPlanPrice(session.data.amount, session.data.currency)}
                </Text>
              </Group>
              {complete.isSuccess || session.data.status === 'completed' ? (
                <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden="true" />} title="Payment complete">
                  {complete.data
                    ? `${complete.data.checks} checks added. You now have ${complete.data.checks_left} premium checks.`
                    : 'These checks were added to your balance.'}
                </Alert>
              ) : session.data.status === 'expired' ? (
                <ErrorAlert>This test payment session has expired. Start the purchase again.</ErrorAlert>
              ) : (
                <Badge variant="light" color="gray" w="fit-content">
                  Waiting for your confirmation
                </Badge>
              )}
              {complete.isError ? <ErrorAlert>{purchaseErrorText(complete.error)}</ErrorAlert> : null}
              <Group justify="flex-end">
                {complete.isSuccess || session.data.status !== 'pending' ? (
                  <Button component={Link} to="/dashboard/wallet-checker">
                    Go to Check Wallet
                  </Button>
                ) : (
                  <>
                    <Button variant="default" component={Link} to="/dashboard/top-up?checkout=cancelled">
                      Cancel
                    </Button>
                    <Button loading={complete.isPending} onClick={() => complete.mutate(sessionId)}>
                      Confirm test payment
                    </Button>
                  </>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
