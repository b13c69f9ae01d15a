import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { SEGMENTS } from '../content';
import classes from '../landing.module.css';

/** Who it is for: segment, pain, solution. A table on wide screens, cards on phones. */
export function SegmentsSection() {
  return (
    <Box component="section" id="who-its-for" className={classes.section} aria-labelledby="segments-title">
      <Container size="lg">
        <Stack gap={6} mb="xl" className={classes.sectionIntro}>
          <Title order={2} id="segments-title">
            Built for teams that move crypto
          </Title>
          <Text c="dimmed">The same screening, tuned to the problem each kind of platform actually has.</Text>
        </Stack>
        <Paper visibleFrom="md" p={0} className={classes.tablePaper}>
          {/* A plain table styled as Mantine's: its Table brings a scroll container and, with it, the
              positioning library of popovers, a tenth of the landing page's script. */}
          <table className={classes.segmentsTable}>
            <thead>
              <tr>
                <th scope="col" style={{ width: '22%' }}>
                  Segment
                </th>
                <th scope="col">Pain</th>
                <th scope="col" style={{ width: '32%' }}>
                  Solution
                </th>
              </tr>
            </thead>
            <tbody>
              {SEGMENTS.map((row) => (
                <tr key={row.segment}>
                  <th scope="row" className={classes.segmentName}>
                    {row.segment}
                  </th>
                  <td className={classes.segmentPain}>{row.pain}</td>
                  <td className={classes.segmentSolution}>{row.solution}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
