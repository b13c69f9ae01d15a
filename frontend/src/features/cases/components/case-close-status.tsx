import { Alert } from '@mantine/core';
import { IconLock, IconUsers } from '@tabler/icons-react';
import type { CaseDetail } from '@walletscreen/contracts';
import { closeState } from '../four-eyes';

/** Shown to everyone who sees the case: a close awaiting a second person (who asked, who must not approve), or who closed it and who approved. */
export function CaseCloseStatus({ value, viewer }: { value: CaseDetail; viewer: string | null }) {
  const state = closeState(value, viewer);
  if (state.kind === 'awaiting-second-person') {
    return (
      <Alert color="yellow" variant="light" icon={<IconUsers size={18} aria-hidden="true" />} title="Awaiting a second person" data-testid="case-pending-close">
        {state.text}
        {state.viewerIsRequester ? ' You cannot approve it yourself.' : ''}
      </Alert>
    );
  }
  if (state.kind === 'closed') {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden="true" />} title="Closed" data-testid="case-closed">
        {state.text}
      </Alert>
    );
  }
  return null;
}
