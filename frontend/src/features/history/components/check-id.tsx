import { Group, Text } from '@mantine/core';
import { CopyIconButton } from '../../../components/copy-address';
import { shortCheckId } from '../history-display';

/** A check's short id in monospace (the full one in its title) with a button copying the full id. */
export function CheckId({ id }: { id: string }) {
  const short = shortCheckId(id);
  return (
    <Group gap={2} wrap="nowrap" justify="inherit">
      <Text component="span" size="sm" className="ws-mono" title={id} data-testid="check-id">
        {short}
      </Text>
      <CopyIconButton value={id} label={`Copy the id of check ${short}`} />
    </Group>
  );
}
