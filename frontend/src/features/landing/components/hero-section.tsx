import { Badge, Box, Button, Container, Group, List, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WELCOME_BONUS_CHECKS } from '@walletscreen/contracts';
import { RiskBadge } from '../../../components/risk-badge';
import { toneClasses } from '../../../components/tone';
import classes from '../landing.module.css';
import { fromPricePerCheck } from '../pricing';
import { usePlanPrices } from '../use-public-data';
import { useCheckWalletPath } from '../use-signed-in-area';

const POINTS = [
  'No hidden fees, no subscriptions',
  'Premium analysis free to try, no card required',
  `${WELCOME_BONUS_CHECKS} free premium checks for new users`,
];

/** An illustration of a report's head, marked as an example. */
function ReportPreview() {
  return (
    <Paper p="lg" shadow="md" className={classes.preview} aria-label="Example of a report summary" role="img">
      <Stack gap="md" aria-hidden="true">
        <Group justify="space-between">
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Example report
          </Text>
          <Badge variant="light" size="sm">
            Premium
          </Badge>
        </Group>
        <Text className="ws-mono" fw={600}>
          0x8f3A...41B2
        </Text>
        <Stack gap={6} className={toneClasses.tone} data-tone="low">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Risk score
            </Text>
            <Text fw={700} className="ws-tabular">
              12 / 100
            </Text>
          </Group>
          <Progress value={12} color="var(--tone-fill)" size="md" radius="xl" />
        </Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Result
          </Text>
          <RiskBadge value="Low Risk" />
        </Group>
        <Stack gap={6}>
          {['No sanctions match', 'No mixer exposure', 'Funds from regulated exchanges'].map((line) => (
            <Group key={line} gap={8} wrap="nowrap">
              <ThemeIcon size={20} radius="xl" variant="light">
                <IconCheck size={12} />
              </ThemeIcon>
              <Text size="sm">{line}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

export function HeroSection() {
  // The price comes from the plans on offer; until they are read (or with no paid plan) none is claimed.
  const plans = usePlanPrices();
  const price = plans ? fromPricePerCheck(plans) : null;
  const points = price ? [price, ...POINTS] : POINTS;
  const checkWallet = useCheckWalletPath();
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, md: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={40}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" leftSection={<IconShieldCheck size={14} aria-hidden="true" />} w="fit-content">
              AML screening for crypto wallets
            </Badge>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              Is This Wallet Clean?
            </Title>
            <Text fz={{ base: 'lg', md: 'xl' }} c="dimmed" maw={520}>
              Instantly detect sanctions, mixers & risky crypto before it hits your platform.
            </Text>
            <List spacing={6} icon={<IconCheck size={16} aria-hidden="true" color="var(--mantine-color-anchor)" />} center>
              {points.map((point) => (
                <List.Item key={point} data-testid={point === price ? 'advertised-price' : undefined}>
                  {point}
                </List.Item>
              ))}
            </List>
            <Group gap="sm">
              <Button component={Link} to={checkWallet} size="md">
                Check Wallet
              </Button>
              <Button component={Link} to="/dashboard-demo/Low" size="md" variant="default">
                See a sample report
              </Button>
            </Group>
          </Stack>
          <Box visibleFrom="md" className={classes.previewWrap}>
            <ReportPreview />
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
