import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { auditEventName } from '@walletscreen/contracts';
import type { AuditLogFilters } from '../api/get-audit-log';
import { DATE_INPUT_FORMAT } from '../../../lib/format-date';

/** The log's filters: event type, affected user, acting admin, and a range of days. */
export function AuditFilters({ value, types, onChange }: { value: AuditLogFilters; types: string[]; onChange: (next: AuditLogFilters) => void }) {
  const set = (patch: Partial<AuditLogFilters>) => onChange({ ...value, ...patch });
  const filtered = Object.values(value).some((v) => v !== '');
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Event type"
        placeholder="All types"
        data={types.map((type) => ({ value: type, label: `${auditEventName(type)} (${type})` })).sort((a, b) => a.label.localeCompare(b.label))}
        value={value.type || null}
        onChange={(v) => set({ type: v ?? '' })}
        searchable
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <TextInput
        label="User"
        placeholder="E-mail or user id"
        value={value.user}
        onChange={(e) => set({ user: e.currentTarget.value })}
        w={{ base: '100%', xs: 220 }}
      />
      <TextInput
        label="Admin"
        placeholder="Admin's e-mail"
        value={value.admin}
        onChange={(e) => set({ admin: e.currentTarget.value })}
        w={{ base: '100%', xs: 220 }}
      />
      <DatePickerInput
        type="range"
        label="Date range"
        placeholder="Any day"
        valueFormat={DATE_INPUT_FORMAT}
        value={[value.from || null, value.to || null]}
        onChange={(v) => {
          const [from, to] = v as [string | null, string | null];
          set({ from: from ?? '', to: to ?? from ?? '' });
        }}
        clearable
        allowSingleDateInRange
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        w={{ base: '100%', xs: 250 }}
      />
      {filtered ? (
        <Button variant="subtle" onClick={() => onChange({ type: '', user: '', admin: '', from: '', to: '' })}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
