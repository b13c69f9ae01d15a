import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { WebhookDelivery } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { CreateWebhookModal } from './create-webhook-modal';
import { DeliveryLog } from './delivery-log';

const RETRYING: WebhookDelivery = {
  id: '3f1f7a0e-1d2b-4c5d-8e9f-000000000001',
  endpoint_id: '7d0c3a52-6a3e-4f4b-9d51-0c8a1f5f2b11',
  event_type: 'screening.completed',
  created_at: '2026-11-24T10:00:00.000Z',
  status: 'pending',
  attempt_count: 1,
  last_status_code: 503,
  last_error: 'HTTP 503',
  next_attempt_at: '2026-11-24T10:05:00.000Z',
  attempts: [{ attempt: 1, at: '2026-11-24T10:00:00.000Z', ok: false, status_code: 503, duration_ms: 41, error: 'HTTP 503', response_body: 'not now' }],
};
const DELIVERED: WebhookDelivery = {
  ...RETRYING,
  id: '3f1f7a0e-1d2b-4c5d-8e9f-000000000002',
  event_type: 'batch.completed',
  status: 'succeeded',
  last_status_code: 200,
  last_error: null,
  next_attempt_at: null,
  attempts: [{ attempt: 1, at: '2026-11-24T09:00:00.000Z', ok: true, status_code: 200, duration_ms: 12, error: null, response_body: 'ok' }],
};

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the delivery log', () => {
  it('shows each delivery’s event, status, last response and next attempt, and its attempts on request', () => {
    const resent: string[] = [];
    renderWith(<DeliveryLog deliveries={[RETRYING, DELIVERED]} canResend resending={null} onResend={(d) => resent.push(d.id)} />);
    const [retrying, delivered] = screen.getAllByTestId('webhook-delivery-row');
    within(retrying!).getByText('Screening completed');
    within(retrying!).getByText('Retrying');
    within(retrying!).getByText('503');
    within(retrying!).getByText('24.11.2026 10:05');
    within(delivered!).getByText('Batch completed');
    within(delivered!).getByText('Delivered');
    within(delivered!).getByText('200');
    expect(screen.queryByRole('table', { name: `Attempts of delivery ${RETRYING.id}` })).toBeNull();

    fireEvent.click(within(retrying!).getByRole('button', { name: `Show the attempts of ${RETRYING.id}` }));
    const attempts = screen.getByRole('table', { name: `Attempts of delivery ${RETRYING.id}` });
    within(attempts).getByText('41 ms');
    within(attempts).getByText('HTTP 503');
    fireEvent.click(within(delivered!).getByRole('button', { name: `Resend delivery ${DELIVERED.id}` }));
    expect(resent).toEqual([DELIVERED.id]);
  });

  it('offers no resend while the endpoint is disabled', () => {
    renderWith(<DeliveryLog deliveries={[DELIVERED]} canResend={false} resending={null} onResend={() => undefined} />);
    expect(screen.getByRole('button', { name: `Resend delivery ${DELIVERED.id}` }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the add-endpoint form', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('refuses a URL without a scheme before sending anything, and shows the server’s refusal under the URL', async () => {
    server = installFakeServer({
      status: 400,
      json: { error: 'Invalid request', errors: { url: 'The URL points to a private address; webhooks are sent only to public addresses' } },
    });
    renderWith(<CreateWebhookModal opened onClose={() => undefined} onCreated={() => undefined} />);
    const form = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    fireEvent.change(within(form).getByLabelText(/^Endpoint URL/), { target: { value: 'hooks.example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await within(form).findByText('The URL must start with https:// (or http://) and name a host');
    expect(server.sent).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Endpoint URL/), { target: { value: 'http://10.0.0.5/hook' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await within(form).findByText('The URL points to a private address; webhooks are sent only to public addresses');
    expect(server.sent).toEqual([
      expect.objectContaining({
        url: '/api/webhooks',
        method: 'POST',
        body: { url: 'http://10.0.0.5/hook', events: ['screening.completed', 'alert.created', 'batch.completed'] },
      }),
    ]);
  });
});
