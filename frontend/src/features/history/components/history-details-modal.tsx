import { Button } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHistoryItem, type HistoryScope } from '../history-scope';
import { CheckDetailsModal } from './check-details';

export { DETAILS_ERROR } from './check-details';

/** The Details of one check, loaded when opened: for admins with the user's e-mail and a link to the check's evidence and replay. */
export function HistoryDetailsModal({ scope, checkId, onClose }: { scope: HistoryScope; checkId: string | null; onClose: () => void }) {
  const detail = useHistoryItem(scope, checkId);
  return (
    <CheckDetailsModal
      checkId={checkId}
      onClose={onClose}
      detail={detail}
      caseLinks={{ casePath: scope.casePath, canOpen: scope.canOpenCases }}
      evidencePath={checkId ? scope.evidencePath(checkId) : undefined}
      actions={
        scope.evidenceLinks && checkId ? (
          <Button
            component={Link}
            to={`/admin/checks/${encodeURIComponent(checkId)}`}
            size="xs"
            variant="default"
            leftSection={<IconFileSearch size={14} aria-hidden="true" />}
          >
            Evidence & replay
          </Button>
        ) : null
      }
    />
  );
}
