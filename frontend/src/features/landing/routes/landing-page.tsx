import { Box } from '@mantine/core';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link';
import { HeroSection } from '../components/hero-section';
import { HowItWorksSection } from '../components/how-it-works-section';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { ReportContentsSection } from '../components/report-contents-section';
import { SegmentsSection } from '../components/segments-section';
import { TrustSection } from '../components/trust-section';
import { TryItNowSection } from '../components/try-it-now-section';

/** /: the public landing page. */
export function LandingPage() {
  return (
    <>
      <SkipLink />
      <LandingHeader />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <HeroSection />
        <SegmentsSection />
        <HowItWorksSection />
        <ReportContentsSection />
        <TrustSection />
        <TryItNowSection />
      </Box>
      <LandingFooter />
    </>
  );
}
