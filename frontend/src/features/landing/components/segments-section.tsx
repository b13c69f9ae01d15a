import { Box, Container, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { SEGMENTS } from '../content';
import classes from '../landing.module.css';

/** Who it is for: segment, pain, solution. A table on wide screens, cards on phones. */
export function SegmentsSection() {
  return (
    <Box component="section" className={classes.section} aria-labelledby="segments-title">
      <Container size="lg">
        <Stack gap={6} mb="xl" className={classes.sectionIntro}>
          <Title order={2} id="segments-title">
            Built for teams that move crypto
          </Title>
          <Text c="dimmed">The same screening, tuned to the problem each kind of platform actually has.</Text>
        </Stack>
        <Paper visibleFrom="md" p={0} className={classes.tablePaper}>
          <Table verticalSpacing="md" horizontalSpacing="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="22%">
                  Segment
                </Table.Th>
                <Table.Th scope="col">Pain</Table.Th>
                <Table.Th scope="col" w="32%">
                  Solution
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SEGMENTS.map((row) => (
                <Table.Tr key={row.segment}>
                  <Table.Th scope="row" fw={600}>
                    {row.segment}
                  </Table.Th>
                  <Table.Td c="dimmed">{row.pain}</Table.Td>
                  <Table.Td fw={600}>{row.solution}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Stack hiddenFrom="md" gap="sm">
          {SEGMENTS.map((row) => (
            <Paper key={row.segment} p="md">
              <Text fw={700}>{row.segment}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                <Text span fw={600} c="var(--mantine-color-text)">
                  Pain:{' '}
                </Text>
                {row.pain}
              </Text>
              <Text size="sm" mt={4}>
                <Text span fw={600}>
                  Solution:{' '}
                </Text>
                {row.solution}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
