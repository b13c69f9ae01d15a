import { Alert, List, Stack, Text } from '@mantine/core';
import { IconCircleDashed } from '@tabler/icons-react';

export const INCOMPLETE_TITLE = 'Incomplete — data unavailable';
export const PARTIAL_TITLE = 'Some evidence could not be gathered';

/**
 * What a check could not gather: the Incomplete verdict (no score, do not treat the address as
 * cleared, run it again), or a High verdict that stands without it. Shown above a check's result
 * and in its History details; the PDF says the same.
 */
export function MissingEvidenceAlert({ incomplete, missing, testId }: { incomplete: boolean; missing: string[]; testId: string }) {
  return (
    <Alert
      variant="outline"
      color="dark"
      icon={<IconCircleDashed size={20} aria-hidden="true" />}
      title={incomplete ? INCOMPLETE_TITLE : PARTIAL_TITLE}
      data-testid={testId}
    >
      <Stack gap={6}>
        <Text size="sm">
          {incomplete
            ? 'This check lacks evidence it needs to clear the address, so it gives no risk score and no Low or Medium verdict. Do not treat the address as cleared: run the check again once the missing evidence is available. An Incomplete check costs nothing: its premium check is given back.'
            : 'The verdict stands on the evidence found; what is missing could only add to it.'}
        </Text>
        {missing.length > 0 ? (
          <List size="sm" spacing={4}>
            {missing.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}
