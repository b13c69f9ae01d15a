import { Anchor, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { CopyIconButton } from '../../../components/copy-address';
import { curlExamples } from '../api-key-display';

function Example({ title, command }: { title: string; command: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {/* Focusable: on a phone the command scrolls sideways, and keyboard users scroll it with the arrow keys. */}
        <Code block tabIndex={0} aria-label={title} style={{ flex: 1, minWidth: 0, overflowX: 'auto' }}>
          {command}
        </Code>
        <CopyIconButton value={command} label={`Copy: ${title}`} />
      </Group>
    </Stack>
  );
}

/** A short "how to call the API" with this server's address and a link to the reference. */
export function ApiUsagePanel({ origin }: { origin: string }) {
  const examples = curlExamples(origin);
  return (
    <Paper p="md" component="section" aria-labelledby="api-usage-title">
      <Stack gap="sm">
        <Title order={3} id="api-usage-title">
          How to call the API
        </Title>
        <Text size="sm" c="dimmed">
          Send your key in the <Code>X-API-Key</Code> header with every request. Answers are JSON; errors carry an <Code>error</Code> sentence.
        </Text>
        <Example title="List your screenings" command={examples.list} />
        <Example title="Screen an address (uses one premium check)" command={examples.screen} />
        <Anchor href="/api/docs" size="sm" fw={500} w="fit-content">
          <Group gap={6} wrap="nowrap">
            <IconBook2 size={16} aria-hidden="true" />
            API reference: every call, its parameters and answers
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}
