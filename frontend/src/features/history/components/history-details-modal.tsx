import { CheckDetailsModal } from '../../../components/check-history/check-details';
import { useHistoryItem } from '../api/get-history-item';

const caseLinks = { casePath: (id: string) => `/dashboard/cases/${id}`, canOpen: true };

export { DETAILS_ERROR } from '../../../components/check-history/check-details';

/** The Details of one of the user's checks, loaded when opened. */
export function HistoryDetailsModal({ checkId, onClose }: { checkId: string | null; onClose: () => void }) {
  const detail = useHistoryItem(checkId);
  return <CheckDetailsModal checkId={checkId} onClose={onClose} detail={detail} caseLinks={caseLinks} />;
}
