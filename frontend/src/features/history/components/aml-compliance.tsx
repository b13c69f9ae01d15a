import { ToneBadge } from '../../../components/tone';
import { amlCell } from '../history-display';

/**
 * The AML Compliance cell: green, gold or red for the known statuses, grey otherwise. `wrap` lets a
 * long status ("Incomplete — data unavailable") wrap inside a phone's card instead of pushing it
 * wider than the screen.
 */
export function AmlCompliance({ value, wrap = false }: { value: string; wrap?: boolean }) {
  const cell = amlCell(value);
  return (
    <ToneBadge tone={cell.tone} wrap={wrap}>
      {cell.text}
    </ToneBadge>
  );
}
