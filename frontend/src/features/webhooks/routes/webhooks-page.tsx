import { useState } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { WEBHOOKS_MAX, type CreateWebhookResponse, type WebhookEndpoint } from '@walletscreen/contracts';
import { notifyDone, notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { CreateWebhookModal } from '../components/create-webhook-modal';
import { DeleteWebhookModal } from '../components/delete-webhook-modal';
import { NewWebhookModal } from '../components/new-webhook-modal';
import { WebhooksTable } from '../components/webhooks-table';

/** Confirms a delete, runs it, closes the modal and says how it went. */
function useDeleteFlow() {
  const [target, setTarget] = useState<WebhookEndpoint | null>(null);
  const remove = useDeleteWebhook();
  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => notifyDone('Nothing more is sent to it.', 'Endpoint deleted'),
      onError: notifyFailure('Could not delete the endpoint'),
      onSettled: () => setTarget(null),
    });
  };
  return { target, pending: remove.isPending, open: setTarget, cancel: () => (remove.isPending ? undefined : setTarget(null)), confirm };
}

/** /dashboard/webhooks: the user's webhook endpoints (add, list, delete); each one's delivery log is a page of its own. */
export function WebhooksPage() {
  const endpoints = useWebhooks();
  const remove = useDeleteFlow();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateWebhookResponse | null>(null);
  const full = (endpoints.data?.length ?? 0) >= WEBHOOKS_MAX;

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="WalletScreen POSTs signed events to your endpoints, retrying for about three days when they do not answer. Every attempt is in the endpoint's delivery log."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)} disabled={full}>
            Add endpoint
          </Button>
        }
      />
      <Paper p="md">
        <Stack gap="sm">
          {full ? (
            <Text size="sm" c="dimmed">
              You have {WEBHOOKS_MAX} endpoints, the most allowed. Delete one you no longer use to add another.
            </Text>
          ) : null}
          <QueryStates
            query={endpoints}
            loading="Loading webhook endpoints..."
            errorTitle="Could not load your webhook endpoints"
            isEmpty={(list) => list.length === 0}
            empty={
              <EmptyState
                icon={IconWebhook}
                title="No webhook endpoints yet"
                description="Add an endpoint to have your systems told when a screening or a batch completes, or an alert is raised."
                action={
                  <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
                    Add your first endpoint
                  </Button>
                }
              />
            }
          >
            {(list) => <WebhooksTable endpoints={list} onDelete={remove.open} />}
          </QueryStates>
        </Stack>
      </Paper>
      <CreateWebhookModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(endpoint) => {
          setCreating(false);
          setCreated(endpoint);
        }}
      />
      <NewWebhookModal created={created} onClose={() => setCreated(null)} onOpenLog={(id) => void navigate(`/dashboard/webhooks/${id}`)} />
      <DeleteWebhookModal endpoint={remove.target} pending={remove.pending} onCancel={remove.cancel} onConfirm={remove.confirm} />
    </>
  );
}
