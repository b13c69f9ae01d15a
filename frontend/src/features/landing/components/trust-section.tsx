import { Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TRUST_MARKS } from '../content';
import classes from '../landing.module.css';

/** Trust marks AML, GDPR, FATF and ISO, drawn as text badges. */
export function TrustSection() {
  return (
    <Box component="section" className={`${classes.section} ws-surface`} aria-labelledby="trust-title">
      <Container size="lg">
        <Title order={2} id="trust-title" ta="center" fz="lg" c="dimmed" fw={600} mb="lg">
          Built around the standards compliance teams work with
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          {TRUST_MARKS.map((item) => (
            <Stack key={item.mark} align="center" gap={6}>
              <Group className={classes.trustMark} justify="center">
                <Text component="span" fw={800} fz={22} lts={1}>
                  {item.mark}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" ta="center">
                {item.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
