import { installFakeServer, signIn } from '../test/fake-server';
import { downloadAmlReport, downloadErrorText, reportFileName } from './download-aml-report';

const REPORT = '1. Overview\nRisk score: 12/100';
const WALLET = '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2';

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the download to fail');
}

describe('downloading the AML report', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server?.restore());

  it('posts the report, the address and the check id, and returns the PDF', async () => {
    server = installFakeServer({ status: 200, bytes: '%PDF-1.7', contentType: 'application/pdf' });
    const blob = await downloadAmlReport({ aml_report: REPORT, wallet_address: ` ${WALLET} `, check_id: 'c-1' });
    expect(blob.size).toBe(8);
    expect(server.sent[0]).toMatchObject({
      url: '/api/pdf/download_aml_report',
      method: 'POST',
      body: { aml_report: REPORT, wallet_address: WALLET, check_id: 'c-1' },
    });
    expect(server.sent[0]!.headers.Authorization).toBe('Bearer tok');
    expect(server.sent[0]!.headers.Accept).toBe('application/pdf');
  });

  it('refuses an empty report without calling the server', async () => {
    server = installFakeServer({ status: 200, bytes: '%PDF', contentType: 'application/pdf' });
    expect((await failure(downloadAmlReport({ aml_report: '  \n ', wallet_address: WALLET }))).message).toBe('Report content is empty');
    expect(server.sent).toHaveLength(0);
  });

  it('refuses an empty wallet address without calling the server', async () => {
    server = installFakeServer({ status: 200, bytes: '%PDF', contentType: 'application/pdf' });
    expect((await failure(downloadAmlReport({ aml_report: REPORT, wallet_address: ' ' }))).message).toBe('Wallet address is empty');
    expect(server.sent).toHaveLength(0);
  });

  it('refuses an answer that is not a PDF', async () => {
    server = installFakeServer({ status: 200, bytes: '<html></html>', contentType: 'text/html' });
    expect((await failure(downloadAmlReport({ aml_report: REPORT, wallet_address: WALLET }))).message).toBe('Invalid content type');
  });

  it('reports an HTTP error as "HTTP {status}", or with the server sentence when there is one', async () => {
    server = installFakeServer({ status: 500, bytes: '' });
    expect((await failure(downloadAmlReport({ aml_report: REPORT, wallet_address: WALLET }))).message).toBe('HTTP 500');
    server.restore();
    server = installFakeServer({ status: 404, json: { error: 'No such check' } });
    expect((await failure(downloadAmlReport({ aml_report: REPORT, wallet_address: WALLET, check_id: 'c-2' }))).message).toBe('No such check');
  });
});

describe('the download error alert', () => {
  it('reads "Download error: {message}" and asks to try again or contact support', () => {
    expect(downloadErrorText(new Error('Invalid content type'))).toBe('Download error: Invalid content type\nPlease try again or contact support.');
    expect(downloadErrorText(new Error('HTTP 503'))).toBe('Download error: HTTP 503\nPlease try again or contact support.');
  });
});

describe('the saved file', () => {
  it('is named AML_Report_<wallet address>.pdf', () => {
    expect(reportFileName(WALLET)).toBe(`AML_Report_${WALLET}.pdf`);
  });
});
