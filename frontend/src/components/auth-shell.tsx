import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import { ColorSchemeToggle } from './color-scheme-toggle';

/** The frame of the sign-in, registration and password screens: brand, theme toggle, one card. */
export function AuthShell({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Box className="ws-surface" mih="100dvh">
      <Container size="lg" py="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/" underline="never" aria-label="WalletScreen home">
            <BrandLogo />
          </Anchor>
          <ColorSchemeToggle />
        </Group>
      </Container>
      <Container size={440} pt={{ base: 'lg', sm: 48 }} pb="xl" component="main">
        <Paper p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
        {footer ? (
          <Text ta="center" size="sm" mt="md">
            {footer}
          </Text>
        ) : null}
      </Container>
    </Box>
  );
}
