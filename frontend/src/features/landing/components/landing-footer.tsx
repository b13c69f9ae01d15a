import { ActionIcon, Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconBrandGithub, IconBrandLinkedin, IconBrandTelegram, IconBrandX } from '@tabler/icons-react';
import { BrandLogo } from '../../../components/brand-logo';
import classes from '../landing.module.css';
import { useContactEmail } from '../use-public-data';

const SOCIAL = [
  { name: 'LinkedIn', icon: IconBrandLinkedin },
  { name: 'X', icon: IconBrandX },
  { name: 'Telegram', icon: IconBrandTelegram },
  { name: 'GitHub', icon: IconBrandGithub },
];

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
            <Group gap={4} mt={4}>
              {SOCIAL.map(({ name, icon: Icon }) => (
                <ActionIcon key={name} component="a" href="#" variant="subtle" color="gray" size="lg" aria-label={`WalletScreen on ${name}`}>
                  <Icon size={20} aria-hidden="true" />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
        </Group>
        <Group justify="space-between" mt="xl" pt="md" className={classes.footerBottom} gap="sm">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} WalletScreen
          </Text>
          <Group gap="md">
            <Anchor href="#" size="xs" c="dimmed">
              Privacy
            </Anchor>
            <Anchor href="#" size="xs" c="dimmed">
              Terms
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
