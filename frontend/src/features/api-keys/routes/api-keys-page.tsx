import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconKey, IconKeyOff, IconPlus } from '@tabler/icons-react';
import { API_KEYS_MAX, type ApiKey, type CreateApiKeyResponse } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeysTable } from '../components/api-keys-table';
import { ApiUsagePanel } from '../components/api-usage-panel';
import { CreateApiKeyModal } from '../components/create-api-key-modal';
import { NewApiKeyModal } from '../components/new-api-key-modal';
import { RevokeApiKeyModal } from '../components/revoke-api-key-modal';

/** Confirms a revoke, runs it, closes the modal and says how it went. */
function useRevokeFlow() {
  const [target, setTarget] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!target) return;
    revoke.mutate(target.id, {
      onSuccess: (key) => notifyDone(`“${key.name}” no longer works.`, 'Key revoked'),
      onError: notifyFailure('Could not revoke the key'),
      onSettled: () => setTarget(null),
    });
  };
  return { target, pending: revoke.isPending, open: setTarget, cancel: () => (revoke.isPending ? undefined : setTarget(null)), confirm };
}

const suspendedTitle = (n: number) => (n === 1 ? '1 key is suspended' : `${n} keys are suspended`);
const suspendedText = (n: number) =>
  n === 1
    ? 'It was suspended when your account was blocked, and stays suspended now that your account is unblocked: ask an admin to re-enable it, or create a new key'
    : 'They were suspended when your account was blocked, and stay suspended now that your account is unblocked: ask an admin to re-enable them, or create new keys';

/** /dashboard/api-keys: the user's API keys (create, shown once; list; revoke) and how to call the API. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const revoke = useRevokeFlow();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const active = keys.data?.filter((k) => k.status === 'active').length ?? 0;
  const suspended = keys.data?.filter((k) => k.status === 'suspended').length ?? 0;
  const full = active >= API_KEYS_MAX;

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys let your own systems call WalletScreen. Each key can be limited to some scopes and given an expiry date."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)} disabled={full}>
            Create API key
          </Button>
        }
      />
      <Stack gap="md">
        <Paper p="md">
          <Stack gap="sm">
            {suspended > 0 ? (
              <Alert
                variant="light"
                color="gray"
                icon={<IconKeyOff size={18} aria-hidden="true" />}
                title={suspendedTitle(suspended)}
                data-testid="api-keys-suspended"
              >
                {suspendedText(suspended)} (suspended keys do not count toward your {API_KEYS_MAX}).
              </Alert>
            ) : null}
            {keys.data && keys.data.length > 0 ? (
              <Text size="sm" c="dimmed" className="ws-tabular" data-testid="api-keys-active">
                {full
                  ? `You have ${API_KEYS_MAX} active keys, the most allowed. Revoke one you no longer use to create another.`
                  : `${active} of ${API_KEYS_MAX} active keys`}
              </Text>
            ) : null}
            <QueryStates
              query={keys}
              loading="Loading API keys..."
              errorTitle="Could not load your API keys"
              isEmpty={(list) => list.length === 0}
              empty={
                <EmptyState
                  icon={IconKey}
                  title="No API keys yet"
                  description="Create a key to screen addresses and read reports from your own systems."
                  action={
                    <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
                      Create your first key
                    </Button>
                  }
                />
              }
            >
              {(list) => <ApiKeysTable keys={list} onRevoke={revoke.open} />}
            </QueryStates>
          </Stack>
        </Paper>
        <ApiUsagePanel origin={window.location.origin} />
      </Stack>
      <CreateApiKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <NewApiKeyModal created={created} onClose={() => setCreated(null)} />
      <RevokeApiKeyModal apiKey={revoke.target} pending={revoke.pending} onCancel={revoke.cancel} onConfirm={revoke.confirm} />
    </>
  );
}
