import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { WELCOME_BONUS_CHECKS } from '@walletscreen/contracts';
import { ApiError } from '../lib/api-client';
import { useProfile } from '../lib/get-profile';
import { useRequestEmailConfirmation } from '../lib/request-email-confirmation';

/**
 * Above every dashboard screen while the signed-in user's e-mail address awaits confirmation: the
 * free checks wait for the link mailed to it, which the user can ask for again (a few times an hour).
 */
export function EmailConfirmationNotice() {
  const profile = useProfile();
  const resend = useRequestEmailConfirmation();
  if (!profile.data?.email_confirmation_pending) return null;
  const failure = resend.error instanceof ApiError && resend.error.status !== 0 ? resend.error.message : 'Could not send the link. Try again in a moment.';
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMail size={18} aria-hidden="true" />}
      title="Confirm your e-mail address"
      mb="lg"
      data-testid="email-confirmation-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          We sent a link to <strong>{profile.data.email}</strong>. Open it to confirm the address: your {WELCOME_BONUS_CHECKS} free checks are added then.
        </Text>
        {resend.isSuccess ? (
          <Text size="sm" role="status">
            {resend.data.message}
          </Text>
        ) : null}
        {resend.isError ? (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        ) : null}
        <Button size="xs" variant="light" color="yellow" loading={resend.isPending} onClick={() => resend.mutate()}>
          Send the link again
        </Button>
      </Stack>
    </Alert>
  );
}
