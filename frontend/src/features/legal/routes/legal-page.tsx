import { Anchor, Box, Container, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { legalDocumentTitles, type LegalDocumentId } from '@walletscreen/contracts';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { QueryStates } from '../../../components/list-kit/query-states';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link';
import { useLegalDocument } from '../api/get-legal-document';
import { LegalText } from '../components/legal-text';

const OTHER: Record<LegalDocumentId, LegalDocumentId> = { terms: 'privacy', privacy: 'terms' };

/** /terms and /privacy: the operator's document (or the default one), public. */
function LegalPage({ id }: { id: LegalDocumentId }) {
  const doc = useLegalDocument(id);
  const other = OTHER[id];
  return (
    <Box className="ws-surface" mih="100dvh">
      <SkipLink />
      <Box component="header">
        <Container size="md" py="md">
          <Group justify="space-between">
            <Anchor component={Link} to="/" underline="never" aria-label="WalletScreen home">
              <BrandLogo />
            </Anchor>
            <ColorSchemeToggle />
          </Group>
        </Container>
      </Box>
      <Container size="md" pb="xl" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Paper p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Title order={1} fz={{ base: 24, sm: 28 }} mb="md">
            {legalDocumentTitles[id]}
          </Title>
          <QueryStates query={doc} loading={`Loading the ${legalDocumentTitles[id]}...`} errorTitle={`Could not load the ${legalDocumentTitles[id]}`}>
            {(value) => <LegalText document={value} />}
          </QueryStates>
        </Paper>
        <Group justify="space-between" mt="md" gap="sm">
          <Anchor component={Link} to="/" size="sm">
            Back to the home page
          </Anchor>
          <Text size="sm">
            <Anchor component={Link} to={`/${other}`}>
              {legalDocumentTitles[other]}
            </Anchor>
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

export const TermsPage = () => <LegalPage id="terms" />;
export const PrivacyPage = () => <LegalPage id="privacy" />;
