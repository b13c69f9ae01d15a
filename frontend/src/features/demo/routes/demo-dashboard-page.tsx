import { Alert, Anchor, Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AnalysisResult } from '../../../components/analysis-result/analysis-result';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { SAMPLE_LOW_RISK_ANALYSIS } from '../sample-analysis';

/** /dashboard-demo/Low: the demo dashboard with a sample Low-risk result, no sign-in needed. */
export function DemoDashboardPage() {
  return (
    <Box className="ws-surface" mih="100dvh">
      <Box component="header" bg="var(--mantine-color-body)" style={{ borderBottom: '1px solid var(--ws-border)' }}>
        <Container size="xl" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Anchor component={Link} to="/" underline="never" aria-label="WalletScreen home">
                <BrandLogo />
              </Anchor>
              <Badge variant="light" size="lg" visibleFrom="sm">
                Demo
              </Badge>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to="/register" variant="default" visibleFrom="sm">
                Create account
              </Button>
              <Button component={Link} to="/login">
                Sign in
              </Button>
              <ColorSchemeToggle />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="lg" component="main">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>Demo dashboard</Title>
            <Text c="dimmed">What a WalletScreen check returns, shown on a prepared example.</Text>
          </Stack>
          <Alert variant="light" color="accent" icon={<IconInfoCircle size={18} aria-hidden="true" />} title="Sample report">
            This is an illustrative Low-risk result prepared for the demo; no wallet was checked. Sign in or create an account (with 20 free premium checks) to
            screen a real wallet and download its PDF report.
          </Alert>
          <AnalysisResult analysis={SAMPLE_LOW_RISK_ANALYSIS} downloadUnavailableReason="Sign in to download the PDF report" />
        </Stack>
      </Container>
    </Box>
  );
}
