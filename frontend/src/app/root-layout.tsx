import { useEffect } from 'react';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';

export interface RouteHandle {
  /** The document title of the screen. */
  title?: string;
}

const APP_NAME = 'WalletScreen';

/** Every screen: the document title from the deepest route that names one, scroll restoration. */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME}: crypto wallet AML screening`;
  }, [title]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Shown when a screen fails to render: says so and offers a reload instead of a blank page. */
export function RouteError() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} fz={24}>
          Something went wrong
        </Title>
        <Text c="dimmed">This screen could not be displayed. Reload the page to try again.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}

/** Shown while the first screen's code loads. */
export function RouteLoading() {
  return (
    <Center mih="100dvh" role="status" aria-label="Loading">
      <Loader size="md" />
    </Center>
  );
}
