import { Button, type ButtonProps } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useDownloadEvidence } from '../lib/download-evidence';
import { notifyDone, notifyFailure } from './notify';

/**
 * Downloads a check's evidence bundle (its events with their proofs against a signed tree head of
 * the audit log, the versions it used) from `path`, for the report's Details and the replay screen.
 */
export function DownloadEvidenceButton({ path, checkId, ...props }: { path: string; checkId: string } & Pick<ButtonProps, 'size' | 'variant'>) {
  const download = useDownloadEvidence();
  return (
    <Button
      {...props}
      leftSection={<IconFileCertificate size={14} aria-hidden="true" />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { path, checkId },
          {
            onSuccess: () =>
              notifyDone('Anyone can verify it offline: npx walletscreen-verify <file>, in a checkout of WalletScreen.', 'Evidence bundle saved'),
            onError: notifyFailure('Could not download the evidence'),
          },
        )
      }
    >
      Download evidence
    </Button>
  );
}
