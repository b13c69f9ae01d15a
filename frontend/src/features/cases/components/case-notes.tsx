import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { CASE_LIMITS, type CaseDetail } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { actionErrors } from '../action-errors';
import { useAddCaseNote } from '../api/add-case-note';
import type { CasesArea } from '../case-filters';

/** The case's notes, oldest first, and (for whoever may act, while the case is not closed) a form to add one. */
export function CaseNotes({ area, value, canAct }: { area: CasesArea; value: CaseDetail; canAct: boolean }) {
  const [text, setText] = useState('');
  const add = useAddCaseNote(area, value.id);
  const errors = actionErrors(add.error, ['text']);
  return (
    <Paper p="md" component="section" aria-labelledby="case-notes-title">
      <Stack gap="sm">
        <Title order={3} fz="md" id="case-notes-title">
          Notes
        </Title>
        {value.notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notes yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="case-notes">
            {value.notes.map((n) => (
              <li key={n.id}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {n.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {n.by.email} · <span className="ws-tabular">{formatDateTime(n.at)} UTC</span>
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {canAct && value.status !== 'closed' ? (
          <form
            aria-label="Add a note"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate(text, { onSuccess: () => setText('') });
            }}
          >
            <Stack gap="xs" align="flex-start">
              <Textarea
                label="Note"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                autosize
                minRows={2}
                maxLength={CASE_LIMITS.noteMax}
                error={errors.fields.text}
                w="100%"
              />
              {errors.form ? (
                <Alert color="red" variant="light" role="alert" w="100%">
                  {errors.form}
                </Alert>
              ) : null}
              <Button type="submit" size="sm" variant="default" loading={add.isPending}>
                Add note
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
