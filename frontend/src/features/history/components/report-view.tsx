import { Box, Divider, Text } from '@mantine/core';
import { reportBlocks } from '../report-blocks';

export const NO_REPORT = 'No report available';

/** The AML report of a check: numbered lines as bold headings, the rest as paragraphs. */
export function ReportView({ report }: { report: string }) {
  const blocks = reportBlocks(report);
  return (
    <Box
      role="region"
      aria-label="AML report text"
      tabIndex={0}
      data-testid="history-report"
      p="sm"
      style={{ maxHeight: '50vh', overflowY: 'auto', border: '1px solid var(--ws-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {blocks.length === 0 ? (
        <Text c="dimmed">{NO_REPORT}</Text>
      ) : (
        blocks.map((block, index) =>
          block.kind === 'divider' ? (
            <Divider key={index} my="sm" />
          ) : block.kind === 'heading' ? (
            <Text key={index} fw={700} mt={index === 0 ? 0 : 'sm'} mb={4} data-block="heading">
              {block.text}
            </Text>
          ) : (
            <Text key={index} component="p" size="sm" mb={6} mt={0} data-block="paragraph">
              {block.text}
            </Text>
          ),
        )
      )}
    </Box>
  );
}
