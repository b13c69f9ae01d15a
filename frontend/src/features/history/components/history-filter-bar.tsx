import type { FormEvent } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { DATE_INPUT_FORMAT, parseDayInput } from '../../../lib/format-date';
import { isRiskLevelLabel, riskOptions, type HistoryFilters } from '../history-filters';

export interface HistoryFilterBarProps {
  draft: HistoryFilters;
  onChange: (draft: HistoryFilters) => void;
  onSearch: () => void;
  searching: boolean;
  dateToError: string | null;
  /** The admins' extra filter: a case-insensitive substring of the user's e-mail. */
  withEmail?: boolean;
}

const calendarIcon = <IconCalendar size={16} aria-hidden="true" />;

/** Address, Risk Score, Date from / Date to (dd.MM.yyyy, clearable) and Search; Enter in a field searches too. */
export function HistoryFilterBar({ draft, onChange, onSearch, searching, dateToError, withEmail = false }: HistoryFilterBarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form onSubmit={submit} noValidate role="search" aria-label="Filter checks">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ClearableTextInput
          label="Address"
          placeholder="Wallet number"
          value={draft.address}
          onChange={(event) => onChange({ ...draft, address: event.currentTarget.value })}
          onClear={() => onChange({ ...draft, address: '' })}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: '2 1 16rem', minWidth: 0 }}
        />
        {withEmail ? (
          <ClearableTextInput
            label="Email"
            placeholder="name@company.com"
            value={draft.email}
            onChange={(event) => onChange({ ...draft, email: event.currentTarget.value })}
            onClear={() => onChange({ ...draft, email: '' })}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '2 1 14rem', minWidth: 0 }}
          />
        ) : null}
        <NativeSelect
          label="Risk Score"
          data={riskOptions}
          value={draft.riskLevel}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ ...draft, riskLevel: isRiskLevelLabel(value) ? value : '' });
          }}
          style={{ flex: '1 1 10rem' }}
        />
        <DateInput
          label="Date from"
          placeholder="dd.mm.yyyy"
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseDayInput}
          value={draft.dateFrom}
          onChange={(value) => onChange({ ...draft, dateFrom: value })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear date from' }}
          leftSection={calendarIcon}
          style={{ flex: '1 1 10rem' }}
        />
        <DateInput
          label="Date to"
          placeholder="dd.mm.yyyy"
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseDayInput}
          value={draft.dateTo}
          onChange={(value) => onChange({ ...draft, dateTo: value })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear date to' }}
          leftSection={calendarIcon}
          error={dateToError}
          style={{ flex: '1 1 10rem' }}
        />
        <Button type="submit" loading={searching} leftSection={<IconSearch size={16} aria-hidden="true" />}>
          Search
        </Button>
      </Group>
    </form>
  );
}
