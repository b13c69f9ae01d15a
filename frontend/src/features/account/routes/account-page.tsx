import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ChangePasswordForm } from '../components/change-password-form';
import { PurchasesPanel } from '../components/purchases-panel';
import { SessionsPanel } from '../components/sessions-panel';

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** /dashboard/account: change password, the open sessions, the API keys (on their own screen) and the purchase history with receipts. */
export function AccountPage() {
  return (
    <>
      <PageHeader title="Account" description="Your password, where you are signed in, your API keys and your purchases." />
      <Stack gap="md">
        <Section id="account-password" title="Password">
          <ChangePasswordForm />
        </Section>
        <Section id="account-sessions" title="Active sessions" description="Browsers and devices signed in to your account.">
          <SessionsPanel />
        </Section>
        <Section
          id="account-api-keys"
          title="API keys"
          description="Keys your own systems use to call WalletScreen are listed, created and revoked on their own screen."
        >
          <div>
            <Button component={Link} to="/dashboard/api-keys" variant="default" leftSection={<IconKey size={16} aria-hidden="true" />}>
              Manage API keys
            </Button>
          </div>
        </Section>
        <Section id="account-purchases" title="Purchase history" description="Plans you bought, newest first. Dates in UTC.">
          <PurchasesPanel />
        </Section>
      </Stack>
    </>
  );
}
