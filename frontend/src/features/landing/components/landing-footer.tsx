import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import classes from '../landing.module.css';
import { useContactEmail } from '../use-public-data';

export function LandingFooter() {
  // The address is the server's setting (CONTACT_EMAIL), shown once read.
  const contact = useContactEmail();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={340}>
            <BrandLogo size="sm" />
            <Text size="sm" c="dimmed">
              AML risk screening for crypto wallets: sanctions, mixers, source of funds and linked wallets in one report.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Contact
            </Text>
            {contact ? (
              <Anchor href={`mailto:${contact}`} size="sm" data-testid="contact-email">
                {contact}
              </Anchor>
            ) : null}
          </Stack>
        </Group>
        <Group justify="space-between" mt="xl" pt="md" className={classes.footerBottom} gap="sm">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} WalletScreen
          </Text>
          <Group gap="md" component="nav" aria-label="Legal">
            <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
              Privacy
            </Anchor>
            <Anchor component={Link} to="/terms" size="xs" c="dimmed">
              Terms
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
