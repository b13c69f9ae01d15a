import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { CaseDetail } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';

/** Everything that happened to the case, with who and when (from its stream). */
export function CaseHistory({ value }: { value: CaseDetail }) {
  return (
    <Paper p="md" component="section" aria-labelledby="case-history-title">
      <Stack gap="sm">
        <Title order={3} fz="md" id="case-history-title">
          History
        </Title>
        <Timeline bulletSize={12} lineWidth={2} active={value.history.length - 1} data-testid="case-history">
          {value.history.map((h, i) => (
            <Timeline.Item key={`${h.type}-${h.at}-${i}`} title={h.name}>
              {h.detail ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {h.detail}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {h.by.email} · <span className="ws-tabular">{formatDateTime(h.at)} UTC</span>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}
