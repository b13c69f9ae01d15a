import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { caseDecisions, caseStatuses, riskLevelLabels, type CaseDecision, type CaseStatus, type RiskLevelLabel } from '@walletscreen/contracts';
import { caseDecisionLabel, caseStatusLabel } from '../../../components/case-status';
import type { CaseFilters, CasesArea } from '../case-filters';

const statusOptions = [{ value: 'all', label: 'Any status' }, ...caseStatuses.map((s) => ({ value: s, label: caseStatusLabel[s] }))];
const decisionOptions = [
  { value: 'all', label: 'Any decision' },
  { value: 'none', label: 'No decision yet' },
  ...caseDecisions.map((d) => ({ value: d, label: caseDecisionLabel[d] })),
];
const riskOptions = [{ value: '', label: 'Any risk level' }, ...riskLevelLabels.map((l) => ({ value: l, label: l }))];

const width = { base: '100%', xs: 180 };

/** The Cases filters, applied by the server as they change: status, decision, risk level, assignee, address, and (admins) the owner's e-mail. */
export function CasesFilterBar({ area, value, onChange }: { area: CasesArea; value: CaseFilters; onChange: (next: CaseFilters) => void }) {
  const set = (patch: Partial<CaseFilters>) => onChange({ ...value, ...patch });
  return (
    <Group align="flex-end" gap="md" wrap="wrap" role="search" aria-label="Filter cases">
      <Select
        label="Status"
        data={statusOptions}
        value={value.status}
        onChange={(v) => set({ status: (v ?? 'all') as CaseStatus | 'all' })}
        allowDeselect={false}
        w={width}
      />
      <Select
        label="Decision"
        data={decisionOptions}
        value={value.decision}
        onChange={(v) => set({ decision: (v ?? 'all') as CaseDecision | 'none' | 'all' })}
        allowDeselect={false}
        w={width}
      />
      <Select
        label="Risk level"
        data={riskOptions}
        value={value.riskLevel}
        onChange={(v) => set({ riskLevel: (v ?? '') as RiskLevelLabel | '' })}
        allowDeselect={false}
        w={width}
      />
      <TextInput label="Assignee" placeholder="E-mail, or none" value={value.assignee} onChange={(e) => set({ assignee: e.currentTarget.value })} w={width} />
      <TextInput
        label="Address"
        placeholder="Part of the address"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={value.address}
        onChange={(e) => set({ address: e.currentTarget.value })}
        w={width}
      />
      {area === 'admin' ? (
        <TextInput label="Owner" placeholder="Part of the e-mail" value={value.owner} onChange={(e) => set({ owner: e.currentTarget.value })} w={width} />
      ) : null}
    </Group>
  );
}
