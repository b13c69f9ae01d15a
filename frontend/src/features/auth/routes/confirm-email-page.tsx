import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { accountMessages } from '@walletscreen/contracts';
import { AuthShell } from '../../../components/auth-shell';
import { ApiError } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/get-profile';
import { authToken } from '../../../lib/session';
import { useConfirmEmail } from '../api/confirm-email';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * /confirm-email?token=…: the link of the confirmation e-mail. It confirms the address as it opens
 * (no sign-in needed: the link may open in another browser), then leads to the dashboard, or to
 * sign-in when this browser is not signed in.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const queryClient = useQueryClient();
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: profileQueryKey }) });
  }, [token, confirm, queryClient]);

  const signedIn = authToken(window.localStorage) !== null;
  const next = signedIn ? (
    <Button component={Link} to="/dashboard">
      Go to the dashboard
    </Button>
  ) : (
    <Button component={Link} to="/login">
      Sign in
    </Button>
  );
  const failure = !token
    ? accountMessages.tokenMissing
    : confirm.error instanceof ApiError && confirm.error.status !== 0 && confirm.error.status < 500
      ? confirm.error.message
      : 'Something went wrong. Open the link again in a moment.';

  return (
    <AuthShell title="Confirm your e-mail address" description="Your free checks are added once the address is confirmed.">
      <Stack gap="md" align="stretch">
        {token && (confirm.isIdle || confirm.isPending) ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">Confirming your e-mail address…</Text>
          </Group>
        ) : null}
        {confirm.isSuccess ? (
          <Alert color="accent" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden="true" />} data-testid="email-confirmed">
            {confirm.data.message}
          </Alert>
        ) : null}
        {!token || confirm.isError ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {!token || confirm.isSuccess || confirm.isError ? next : null}
      </Stack>
    </AuthShell>
  );
}
