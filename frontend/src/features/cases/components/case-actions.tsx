import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { CASE_LIMITS, caseDecisions, type CaseDecision, type CaseDetail } from '@walletscreen/contracts';
import { caseDecisionLabel } from '../../../components/case-status';
import { actionErrors } from '../action-errors';
import { useAssignCase } from '../api/assign-case';
import { useCloseCase } from '../api/close-case';
import { useEscalateCase } from '../api/escalate-case';
import { useRecordCaseDecision } from '../api/record-case-decision';
import { useReopenCase } from '../api/reopen-case';
import type { CasesArea } from '../case-filters';
import { closeState } from '../four-eyes';
import { ErrorAlert } from '../../../components/error-alert';

function FormError({ message }: { message: string | null }) {
  return message ? (
    <ErrorAlert w="100%" data-testid="case-action-error">
      {message}
    </ErrorAlert>
  ) : null;
}

function ActionForm({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      aria-label={label}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="xs" align="flex-start">
        {children}
      </Stack>
    </form>
  );
}

/** Closing: what four eyes asks of whom, and the button that closes, requests the close or approves it. */
function ClosePanel({ area, value, viewer }: { area: CasesArea; value: CaseDetail; viewer: string | null }) {
  const close = useCloseCase(area, value.id);
  const state = closeState(value, viewer);
  const errors = actionErrors(close.error, []);
  if (state.kind === 'closed') return null;
  return (
    <Stack gap="xs" align="flex-start" component="section" aria-labelledby="case-close-title">
      <Title order={4} fz="sm" id="case-close-title">
        Close
      </Title>
      {state.kind === 'awaiting-second-person' ? null : (
        <Text size="sm" c="dimmed">
          {state.text}
        </Text>
      )}
      {state.kind !== 'needs-decision' ? (
        <Button leftSection={<IconLock size={16} aria-hidden="true" />} onClick={() => close.mutate(undefined)} loading={close.isPending}>
          {state.button}
        </Button>
      ) : null}
      <FormError message={errors.form} />
    </Stack>
  );
}

function DecisionForm({ area, value }: { area: CasesArea; value: CaseDetail }) {
  const [decision, setDecision] = useState<CaseDecision | null>(null);
  const [reason, setReason] = useState('');
  const record = useRecordCaseDecision(area, value.id);
  const errors = actionErrors(record.error, ['decision', 'reason']);
  const [missing, setMissing] = useState(false);
  return (
    <ActionForm
      label="Record a decision"
      onSubmit={() => {
        if (!decision) return setMissing(true);
        record.mutate(
          { decision, reason },
          {
            onSuccess: () => {
              setReason('');
              setDecision(null);
            },
          },
        );
      }}
    >
      <Title order={4} fz="sm">
        {value.decision ? 'Change the decision' : 'Decision'}
      </Title>
      <Radio.Group
        label="Decision"
        value={decision}
        onChange={(v) => {
          setDecision(v);
          setMissing(false);
        }}
        error={missing ? 'Choose approve, reject or report' : errors.fields.decision}
      >
        <Group gap="md" mt={4}>
          {caseDecisions.map((d) => (
            <Radio key={d} value={d} label={caseDecisionLabel[d]} />
          ))}
        </Group>
      </Radio.Group>
      <Textarea
        label="Reason for the decision"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={CASE_LIMITS.reasonMax}
        error={errors.fields.reason}
        w="100%"
      />
      <FormError message={errors.form} />
      <Button type="submit" loading={record.isPending}>
        Record decision
      </Button>
    </ActionForm>
  );
}

function AssignForm({ area, value }: { area: CasesArea; value: CaseDetail }) {
  const [email, setEmail] = useState('');
  const assign = useAssignCase(area, value.id);
  const errors = actionErrors(assign.error, ['assignee_email']);
  return (
    <ActionForm label="Assign the case" onSubmit={() => assign.mutate(email.trim(), { onSuccess: () => setEmail('') })}>
      <Title order={4} fz="sm">
        Assign
      </Title>
      <TextInput
        label="Assignee e-mail"
        description="The customer whose check it is, or an administrator"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={errors.fields.assignee_email}
        w="100%"
        maw={420}
      />
      <FormError message={errors.form} />
      <Group gap="sm">
        <Button type="submit" variant="default" loading={assign.isPending && assign.variables !== null}>
          Assign
        </Button>
        {value.assignee ? (
          <Button variant="subtle" onClick={() => assign.mutate(null)} loading={assign.isPending && assign.variables === null}>
            Unassign
          </Button>
        ) : null}
      </Group>
    </ActionForm>
  );
}

function ReasonForm({
  label,
  title,
  input,
  button,
  act,
  pending,
  error,
}: {
  label: string;
  title: string;
  input: string;
  button: string;
  act: (reason: string, done: () => void) => void;
  pending: boolean;
  error: Error | null;
}) {
  const [reason, setReason] = useState('');
  const errors = actionErrors(error, ['reason']);
  return (
    <ActionForm label={label} onSubmit={() => act(reason, () => setReason(''))}>
      <Title order={4} fz="sm">
        {title}
      </Title>
      <Textarea
        label={input}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={CASE_LIMITS.reasonMax}
        error={errors.fields.reason}
        w="100%"
      />
      <FormError message={errors.form} />
      <Button type="submit" variant="default" loading={pending}>
        {button}
      </Button>
    </ActionForm>
  );
}

function EscalateForm({ area, value }: { area: CasesArea; value: CaseDetail }) {
  const escalate = useEscalateCase(area, value.id);
  return (
    <ReasonForm
      label="Escalate the case"
      title="Escalate"
      input="Reason for escalating"
      button="Escalate"
      pending={escalate.isPending}
      error={escalate.error}
      act={(reason, done) => escalate.mutate(reason, { onSuccess: done })}
    />
  );
}

function ReopenForm({ area, value }: { area: CasesArea; value: CaseDetail }) {
  const reopen = useReopenCase(area, value.id);
  return (
    <ReasonForm
      label="Reopen the case"
      title="Reopen"
      input="Reason for reopening"
      button="Reopen case"
      pending={reopen.isPending}
      error={reopen.error}
      act={(reason, done) => reopen.mutate(reason, { onSuccess: done })}
    />
  );
}

/**
 * What can be done to the case: while it is open, decide, close (or request / approve the close
 * under four eyes), assign, escalate; once closed, reopen with a reason. Not shown to auditors.
 */
export function CaseActions({ area, value, viewer }: { area: CasesArea; value: CaseDetail; viewer: string | null }) {
  return (
    <Paper p="md" component="section" aria-labelledby="case-actions-title" data-testid="case-actions">
      <Stack gap="lg">
        <Title order={3} fz="md" id="case-actions-title">
          Actions
        </Title>
        {value.status === 'closed' ? (
          <ReopenForm area={area} value={value} />
        ) : (
          <>
            <DecisionForm area={area} value={value} />
            <ClosePanel area={area} value={value} viewer={viewer} />
            <AssignForm area={area} value={value} />
            {value.status !== 'escalated' ? <EscalateForm area={area} value={value} /> : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
