import { Box, Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileAnalytics, IconScan, IconWallet } from '@tabler/icons-react';
import { STEPS } from '../content';
import classes from '../landing.module.css';

const ICONS = [IconWallet, IconScan, IconFileAnalytics];

export function HowItWorksSection() {
  return (
    <Box component="section" id="how-it-works" className={`${classes.section} ws-surface`} aria-labelledby="how-title">
      <Container size="lg">
        <Stack gap={6} mb="xl" className={classes.sectionIntro}>
          <Title order={2} id="how-title">
            How it works
          </Title>
          <Text c="dimmed">Three steps, a few seconds.</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="ol" className={classes.steps}>
          {STEPS.map((step, index) => {
            const Icon = ICONS[index] ?? IconWallet;
            return (
              <Paper key={step.title} component="li" p="lg">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
                  <Icon size={22} />
                </ThemeIcon>
                <Text size="sm" c="dimmed" mt="md" className="ws-tabular">
                  Step {index + 1}
                </Text>
                <Title order={3} mt={2}>
                  {step.title}
                </Title>
                <Text c="dimmed" size="sm" mt={6}>
                  {step.text}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
