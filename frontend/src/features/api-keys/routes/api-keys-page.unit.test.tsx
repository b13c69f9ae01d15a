import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { apiKeyMessages, type ApiKey } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { ApiKeysPage } from './api-keys-page';

const KEY: ApiKey = {
  id: '0a1b2c3d4e5f',
  name: 'Deposits service',
  prefix: 'wsk_0a1b2c3d4e5f',
  scopes: ['screen', 'read', 'monitor'],
  created_at: '2026-01-05T08:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  suspended_at: null,
  status: 'active',
};
const OLD: ApiKey = {
  ...KEY,
  id: '9f8e7d6c5b4a',
  name: 'Old reporting',
  prefix: 'wsk_9f8e7d6c5b4a',
  scopes: ['read'],
  last_used_at: '2026-01-02T14:07:00.000Z',
  revoked_at: '2026-01-03T09:00:00.000Z',
  status: 'revoked',
};
const WHOLE_KEY = 'wsk_0a1b2c3d4e5f_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ApiKeysPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the API keys screen', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('says there are no keys yet, with a hint and a way to create one', async () => {
    server = installFakeServer({ status: 200, json: { items: [] } });
    renderPage();
    await screen.findByText('No API keys yet');
    screen.getByText(/Create a key to screen addresses/);
    screen.getByRole('button', { name: 'Create your first key' });
    expect(server.sent[0]).toMatchObject({ url: '/api/keys', method: 'GET' });
  });

  it('lists the keys: prefix, scopes, dates, "Never", status, and Revoke only for a working key', async () => {
    server = installFakeServer({ status: 200, json: { items: [KEY, OLD] } });
    renderPage();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [active, revoked] = within(table).getAllByTestId('api-key-row');
    within(active!).getByText('wsk_0a1b2c3d4e5f…');
    for (const scope of ['Screen', 'Read', 'Monitor']) within(active!).getByText(scope);
    within(active!).getByText('05.01.2026');
    expect(within(active!).getAllByText('Never')).toHaveLength(2);
    within(active!).getByText('Active');
    within(active!).getByRole('button', { name: 'Revoke Deposits service' });
    within(revoked!).getByText('02.01.2026 14:07');
    within(revoked!).getByText('Revoked');
    expect(within(revoked!).queryByRole('button')).toBeNull();
    screen.getByText('1 of 20 active keys');
  });

  it('says plainly that keys a block suspended stay so, and what to do; a suspended key can be revoked', async () => {
    const SUSPENDED: ApiKey = {
      ...KEY,
      id: '5a5a5a5a5a5a',
      name: 'Payouts',
      prefix: 'wsk_5a5a5a5a5a5a',
      suspended_at: '2026-03-04T10:00:00.000Z',
      status: 'suspended',
    };
    server = installFakeServer({ status: 200, json: { items: [KEY, SUSPENDED] } });
    renderPage();
    const note = await screen.findByTestId('api-keys-suspended');
    within(note).getByText('1 key is suspended');
    within(note).getByText(
      /It was suspended when your account was blocked, and stays suspended now that your account is unblocked: ask an admin to re-enable it, or create a new key/,
    );
    const [, suspended] = within(screen.getByRole('table', { name: 'API keys' })).getAllByTestId('api-key-row');
    within(suspended!).getByText('Suspended');
    within(suspended!).getByRole('button', { name: 'Revoke Payouts' });
    // Suspended keys leave room for new ones.
    screen.getByText('1 of 20 active keys');
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    server = installFakeServer({ status: 500, json: { error: 'The database is unavailable' } }, { status: 200, json: { items: [] } });
    renderPage();
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Could not load your API keys');
    within(alert).getByText('The database is unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No API keys yet');
  });

  it('creates a key: checks the form, shows the server’s field errors, then the whole key once', async () => {
    server = installFakeServer(
      { status: 200, json: { items: [] } },
      { status: 400, json: { error: 'Invalid request', errors: { name: 'That name is taken' } } },
      { status: 201, json: { ...KEY, scopes: ['screen', 'read'], key: WHOLE_KEY } },
      { status: 200, json: { items: [{ ...KEY, scopes: ['screen', 'read'] }] } },
    );
    renderPage();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    for (const scope of ['Screen', 'Read', 'Monitor']) expect((within(dialog).getByLabelText(scope) as HTMLInputElement).checked).toBe(true);
    within(dialog).getByText('Read screenings, their reports and history');

    // Nothing is sent without a name or a scope.
    for (const scope of ['Screen', 'Read', 'Monitor']) fireEvent.click(within(dialog).getByLabelText(scope));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await within(dialog).findByText(apiKeyMessages.nameRequired);
    within(dialog).getByText(apiKeyMessages.scopesRequired);
    expect(server.sent).toHaveLength(1);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '  Deposits service ' } });
    fireEvent.click(within(dialog).getByLabelText('Read'));
    fireEvent.click(within(dialog).getByLabelText('Screen'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await within(dialog).findByText('That name is taken');
    expect(server.sent[1]).toMatchObject({
      url: '/api/keys',
      method: 'POST',
      body: { name: 'Deposits service', scopes: ['screen', 'read'], expires_at: null },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByTestId('new-api-key').textContent).toBe(WHOLE_KEY);
    within(shown).getByText(/only time the whole key is shown/);
    within(shown).getByRole('button', { name: 'Copy API key' });
    expect(screen.queryByRole('dialog', { name: 'Create an API key' })).toBeNull();
    await screen.findByRole('table', { name: 'API keys' });
    expect(server.sent[3]).toMatchObject({ url: '/api/keys', method: 'GET' });

    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByText(WHOLE_KEY)).toBeNull());
  });

  it('shows a refusal that is not about one field above the form (20 active keys)', async () => {
    server = installFakeServer({ status: 200, json: { items: [] } }, { status: 409, json: { error: apiKeyMessages.tooMany } });
    renderPage();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create your first key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'One more' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(apiKeyMessages.tooMany);
  });

  it('revokes a key only after confirming, with Cancel focused', async () => {
    server = installFakeServer(
      { status: 200, json: { items: [KEY] } },
      { status: 200, json: { ...KEY, status: 'revoked', revoked_at: '2026-01-06T10:00:00.000Z' } },
      { status: 200, json: { items: [{ ...KEY, status: 'revoked', revoked_at: '2026-01-06T10:00:00.000Z' }] } },
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Deposits service' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    within(dialog).getByText(/Calls with this key are refused at once/);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke API key' })).toBeNull());
    expect(server.sent).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Deposits service' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await screen.findByText('Revoked');
    expect(server.sent[1]).toMatchObject({ url: '/api/keys/0a1b2c3d4e5f', method: 'DELETE' });
    expect(screen.queryByRole('button', { name: 'Revoke Deposits service' })).toBeNull();
  });
});
