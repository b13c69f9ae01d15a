import { Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { WELCOME_BONUS_CHECKS } from '@walletscreen/contracts';
import classes from '../landing.module.css';
import { useCheckWalletPath } from '../use-signed-in-area';

export function TryItNowSection() {
  const checkWallet = useCheckWalletPath();
  return (
    <Box component="section" id="try-it-now" className={classes.section} aria-labelledby="try-title">
      <Container size="md">
        <Paper p={{ base: 'lg', sm: 48 }} className={classes.tryPanel}>
          <Stack align="center" gap="md" ta="center">
            <Title order={2} id="try-title">
              Try It Now
            </Title>
            <Text c="dimmed" maw={520}>
              Premium analysis is free to try, with no card required: new accounts get {WELCOME_BONUS_CHECKS} free premium checks.
            </Text>
            <Group gap="md" justify="center">
              <Button component={Link} to={checkWallet} size="md">
                Check Wallet
              </Button>
              <Anchor component={Link} to="/auth" fw={600}>
                Try with a demo wallet
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
