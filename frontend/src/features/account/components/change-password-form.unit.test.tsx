import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { accountMessages } from '@walletscreen/contracts';
import { installFakeServer, signIn } from '../../../test/fake-server';
import { ChangePasswordForm } from './change-password-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ChangePasswordForm />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('ChangePasswordForm', () => {
  let server: ReturnType<typeof installFakeServer> | undefined;
  beforeEach(() => signIn());
  afterEach(() => server?.restore());

  it('shows what is missing without calling the server', async () => {
    server = installFakeServer({ status: 500 });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(accountMessages.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(accountMessages.passwordRequired)).toBeTruthy();
    expect(screen.getByText(accountMessages.confirmRequired)).toBeTruthy();
    expect(server.sent).toHaveLength(0);
  });

  it("shows the server's refusal of the current password on its field", async () => {
    server = installFakeServer({
      status: 400,
      json: { error: accountMessages.currentPasswordWrong, errors: { current_password: accountMessages.currentPasswordWrong } },
    });
    renderForm();
    type('Current password', 'not-my-password');
    type('New password', 'New-Passphrase-2');
    type('Repeat new password', 'New-Passphrase-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(accountMessages.currentPasswordWrong)).toBeTruthy();
    expect(server.sent[0]).toMatchObject({ method: 'POST', body: { current_password: 'not-my-password', new_password: 'New-Passphrase-2' } });
    expect(server.sent[0]!.url).toMatch(/\/api\/account\/password$/);
  });

  it('says the password changed and empties the form', async () => {
    server = installFakeServer(
      { status: 200, json: { message: accountMessages.passwordChanged } },
      { status: 200, json: { sessions: [], current_listed: true } },
    );
    renderForm();
    type('Current password', 'Old-Passphrase-1');
    type('New password', 'New-Passphrase-2');
    type('Repeat new password', 'New-Passphrase-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(accountMessages.passwordChanged)).toBeTruthy();
    await waitFor(() => expect(input('Current password').value).toBe(''));
  });
});
