import { Box, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsShuffle, IconBulb, IconCoins, IconGauge, IconGavel, IconTopologyStar3 } from '@tabler/icons-react';
import { REPORT_CONTENTS } from '../content';
import classes from '../landing.module.css';

const ICONS = [IconCoins, IconTopologyStar3, IconBulb, IconGauge, IconGavel, IconArrowsShuffle];

export function ReportContentsSection() {
  return (
    <Box component="section" className={classes.section} aria-labelledby="report-title">
      <Container size="lg">
        <Stack gap={6} mb="xl" className={classes.sectionIntro}>
          <Title order={2} id="report-title">
            What the report contains
          </Title>
          <Text c="dimmed">Everything a compliance officer needs to decide, on one page and in one PDF.</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {REPORT_CONTENTS.map((item, index) => {
            const Icon = ICONS[index] ?? IconGauge;
            return (
              <Paper key={item.title} p="lg">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={36} radius="md" variant="light" aria-hidden="true">
                    <Icon size={20} />
                  </ThemeIcon>
                  <div>
                    <Title order={3}>{item.title}</Title>
                    <Text size="sm" c="dimmed" mt={4}>
                      {item.text}
                    </Text>
                  </div>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
