import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { Plan } from '@walletscreen/contracts';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { profileQueryKey } from '../../../lib/get-profile';
import { authToken } from '../../../lib/session';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePlans } from '../../../lib/get-plans';
import { usePublicConfig } from '../../../lib/get-public-config';
import { PlanCard } from '../components/plan-card';
import { purchaseErrorText } from '../plan-display';

/** What the page says on return from checkout (?checkout=success|cancelled). */
function CheckoutReturn() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('checkout');
  useEffect(() => {
    // The payment is credited when the provider reports it: refresh the balance on return.
    if (outcome === 'success') void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [outcome, queryClient]);
  if (outcome === 'success') {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} title="Payment received" mb="lg" role="status">
        Thank you. Your checks are added as soon as the payment is confirmed.
      </Alert>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} title="Payment cancelled" mb="lg" role="status">
        Nothing was charged.
      </Alert>
    );
  }
  return null;
}

/** /dashboard/top-up: plans and purchase (spec §2 Top-up). Buy sends the browser to the checkout URL. */
export function TopUpPage() {
  const plans = usePlans();
  // "Contact Sales" writes to the server's setting (SALES_EMAIL).
  const salesEmail = usePublicConfig().data?.sales_email;
  const checkout = useCreateCheckoutSession();
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const buy = (plan: Plan) => {
    setError(null);
    if (authToken(window.localStorage) === null) {
      setError('Please login first');
      return;
    }
    setBuying(plan.price_id);
    checkout.mutate(plan.price_id, {
      onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
      onError: (cause) => {
        setBuying(null);
        setError(purchaseErrorText(cause));
      },
    });
  };

  return (
    <>
      <PageHeader title="Upgrade Your Plan" description="Choose the plan that fits your needs" />
      <CheckoutReturn />
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          mb="lg"
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
          closeButtonLabel="Dismiss"
        >
          {error}
        </Alert>
      ) : null}
      <QueryStates
        query={plans}
        loading="Loading plans..."
        errorMessage={() => 'Failed to load plans'}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState title="No plans are on offer right now." compact />}
      >
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {list.map((plan) => (
              <PlanCard key={plan.price_id} plan={plan} onBuy={buy} buying={buying === plan.price_id} disabled={buying !== null} />
            ))}
          </SimpleGrid>
        )}
      </QueryStates>
      <Stack gap={4} mt="xl" align="center">
        <Text size="sm" c="dimmed">
          20 free premium check for new users
        </Text>
        <Text size="sm" c="dimmed">
          Need more?{' '}
          {salesEmail ? (
            <a href={`mailto:${salesEmail}`} data-testid="contact-sales">
              Contact Sales for custom plans
            </a>
          ) : (
            'Contact Sales for custom plans'
          )}
        </Text>
      </Stack>
    </>
  );
}
