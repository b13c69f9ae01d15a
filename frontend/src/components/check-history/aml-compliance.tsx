import { ToneBadge } from '../tone';
import { amlCell } from './history-display';

/** The AML Compliance cell: green, gold or red for the known statuses, grey otherwise. */
export function AmlCompliance({ value }: { value: string }) {
  const cell = amlCell(value);
  return <ToneBadge tone={cell.tone}>{cell.text}</ToneBadge>;
}
