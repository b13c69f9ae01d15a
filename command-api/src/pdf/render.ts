/**
 * The AML report as a PDF (pdfkit): a branded header, the score as a gauge, the result fields,
 * the evidence and its sources (with the sanctions list version), the report text with its
 * numbered headings, and page numbers.
 */
import PDFDocument from 'pdfkit';
import {
  blockchainDataMissing,
  classifyAmlStatus,
  classifyRiskLabel,
  formatDate,
  formatMoment,
  networkNames,
  shownRiskScore,
  type CheckCase,
  type Network,
  type WalletAnalysis,
} from '@walletscreen/contracts';

/** "one hop" when every address listed is a direct counterparty, "up to 3 hops" otherwise: the hops the rows show, not the trace's setting. */
const hopsText = (furthest: number) => (furthest <= 1 ? 'one hop' : `up to ${furthest} hops`);

export interface PdfEvidence {
  checkId: string;
  network: Network;
  createdAt: string;
  sources: Array<{ label: string; value: string }>;
  /** The check's case, when it was opened as one, and the e-mail of who requested the check. */
  review?: { case: CheckCase; requestedBy: string };
}

const decisionText: Record<NonNullable<CheckCase['decision']>, string> = { approve: 'Approved', reject: 'Rejected', report: 'Reported' };
const when = (iso: string) => formatMoment(iso) || 'an unknown moment';

const ACCENT = '#4338ca';
const RISK: Record<string, string> = { low: '#15803d', medium: '#b45309', high: '#b91c1c', incomplete: '#374151', unknown: '#6b7280' };
const INK = '#111827';
const MUTED = '#4b5563';
/** The fund flow's addresses listed in the PDF, largest first by hop; the rest are counted. */
const FUND_FLOW_ROWS = 30;

/** The gauge of an incomplete check: an empty dashed arc and "Not scored", never a number. */
function notScored(doc: PDFKit.PDFDocument, x: number, y: number, r: number) {
  doc.save().lineWidth(10).strokeColor('#d1d5db').lineCap('butt').dash(6, { space: 5 });
  const steps = 40;
  for (let i = 0; i <= steps; i++) {
    const a = Math.PI + (Math.PI * i) / steps;
    if (i === 0) doc.moveTo(x + r * Math.cos(a), y + r * Math.sin(a));
    else doc.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
  }
  doc.stroke().undash().restore();
  doc
    .fillColor(RISK.incomplete!)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('Not scored', x - r, y - 20, { width: 2 * r, align: 'center' });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text('incomplete', x - r, y - 4, { width: 2 * r, align: 'center' });
}

function gauge(doc: PDFKit.PDFDocument, x: number, y: number, r: number, score: number, color: string) {
  const start = Math.PI;
  const arc = (from: number, to: number, stroke: string) => {
    doc.save().lineWidth(10).strokeColor(stroke).lineCap('round');
    const steps = 40;
    for (let i = 0; i <= steps; i++) {
      const a = from + ((to - from) * i) / steps;
      const px = x + r * Math.cos(a);
      const py = y + r * Math.sin(a);
      if (i === 0) doc.moveTo(px, py);
      else doc.lineTo(px, py);
    }
    doc.stroke().restore();
  };
  arc(start, 2 * Math.PI, '#e5e7eb');
  if (score > 0) arc(start, start + (Math.PI * Math.min(100, Math.max(0, score))) / 100, color);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(String(score), x - r, y - 24, { width: 2 * r, align: 'center' });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text('of 100', x - r, y - 1, { width: 2 * r, align: 'center' });
}

/** Renders the report; resolves with the PDF bytes. */
export function renderAmlReportPdf(analysis: WalletAnalysis, evidence: PdfEvidence | null, now: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: `AML report ${analysis.wallet_address}`, Author: 'WalletScreen', Subject: 'Crypto wallet AML screening report' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 100;
  const risk = classifyRiskLabel(analysis.risk_level);
  const status = classifyAmlStatus(analysis.aml_status);

  // Header band.
  doc.rect(0, 0, doc.page.width, 40).fill(ACCENT);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(14).text('WalletScreen', 50, 13);
  doc.font('Helvetica').fontSize(9).text('AML risk report', 50, 16, { width, align: 'right' });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text('Wallet AML Report', 50, 60);
  doc.font('Courier').fontSize(10).fillColor(INK).text(analysis.wallet_address, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      [
        evidence ? `Network: ${networkNames[evidence.network]}` : null,
        `Checked: ${formatMoment(analysis.created_at || evidence?.createdAt || now.toISOString()) || analysis.created_at}`,
        evidence ? `Check ${evidence.checkId}` : null,
      ]
        .filter(Boolean)
        .join('   ·   '),
    );

  // Score gauge and headline: an incomplete check shows its verdict, never a score.
  const top = doc.y + 14;
  const score = shownRiskScore(analysis.risk_level, analysis.risk_score);
  if (score === null) notScored(doc, 110, top + 55, 50);
  else gauge(doc, 110, top + 55, 50, Math.round(score), RISK[risk.level]!);
  doc
    .fillColor(RISK[risk.level]!)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(risk.level === 'incomplete' ? status.text : risk.text, 190, top + 18, { width: width - 140 });
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(`AML status: ${status.text}`, 190, top + 42, { width: width - 140 });
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(`Sanctions: ${analysis.sanctions || 'Unknown'}`, 190, top + 60, { width: width - 140 });
  doc.y = Math.max(top + 100, doc.y + 8);

  // What the check could not gather, boxed, before anything else is read.
  const missing = analysis.missing_evidence ?? [];
  if (risk.level === 'incomplete' || missing.length > 0) {
    const heading = risk.level === 'incomplete' ? 'Incomplete: this check lacks evidence it needs to clear the address' : 'Some evidence could not be gathered';
    const lead =
      risk.level === 'incomplete'
        ? 'No risk score and no Low or Medium verdict can be given without it. Do not treat the address as cleared: run the check again once the missing evidence is available.'
        : 'The verdict stands on the evidence found; what is missing could only add to it.';
    const body = [lead, ...missing.map((m) => `• ${m}`)].join('\n');
    const boxTop = doc.y;
    doc.font('Helvetica').fontSize(9);
    const height = 26 + doc.heightOfString(body, { width: width - 24 });
    doc.save().lineWidth(1.5).strokeColor(RISK.incomplete!).rect(50, boxTop, width, height).stroke().restore();
    doc
      .fillColor(RISK.incomplete!)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(heading, 62, boxTop + 8, { width: width - 24 });
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(9)
      .text(body, 62, doc.y + 2, { width: width - 24 });
    doc.y = boxTop + height + 12;
  }

  // Result fields.
  const field = (label: string, value: string) => {
    doc.x = 50;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(label.toUpperCase(), { width });
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(value || 'Unknown', { width });
    doc.moveDown(0.4);
  };
  field('Wallet age', analysis.wallet_age);
  field('Jurisdiction', analysis.jurisdiction);
  field('Source of funds', analysis.source_of_funds);
  field('Recommendations', analysis.recommendation || 'No recommendation');
  const linked = analysis.linked_wallets_addresses;
  field(
    'Linked wallets',
    linked.length
      ? `${linked.length}: ${linked.slice(0, 12).join(', ')}${linked.length > 12 ? ', …' : ''}`
      : blockchainDataMissing(analysis)
        ? 'Unknown: blockchain data could not be fetched'
        : 'No linked wallets found',
  );
  const marked = (analysis.linked_wallets_details ?? []).filter((d) => d.risk !== 'none');
  if (marked.length > 0) {
    field(
      'Marked linked wallets',
      marked
        .slice(0, 12)
        .map((d) => {
          // The reasons say what marks it ("OFAC SDN: …", "Labelled mixer: …"); the mark is named only when they do not.
          const reasons = d.reasons.join('; ');
          const mark = d.risk === 'sanctioned' ? 'Sanctioned' : 'Flagged';
          return `${d.address} (${Math.round(d.share * 1000) / 10}% of volume): ${reasons === '' ? mark : /^(sanctioned|flagged)\b/i.test(reasons) ? reasons : `${mark}: ${reasons}`}`;
        })
        .join('\n') + (marked.length > 12 ? `\n… and ${marked.length - 12} more (see the report)` : ''),
    );
  }
  if (analysis.chainabuse_report) field('Chainabuse', analysis.chainabuse_report);

  // The fund flow (the graph on screen) as a table: the addresses funds moved through, by hop and share.
  const flow = analysis.fund_flow;
  const beyond = (flow?.nodes ?? []).filter((n) => n.hop > 0);
  if (flow && beyond.length > 0) {
    const shown = beyond.slice(0, FUND_FLOW_ROWS);
    const left = beyond.length - shown.length + flow.omitted;
    field(
      'Fund flow',
      `${beyond.length} ${beyond.length === 1 ? 'address' : 'addresses'} funds moved through, ${hopsText(Math.max(...beyond.map((n) => n.hop)))} from the wallet, with the share of its examined volume through each${left > 0 ? `; ${left} smaller ${left === 1 ? 'one' : 'ones'} not listed` : ''}:`,
    );
    doc.x = 50;
    doc.moveUp(0.3);
    const row = (hop: string, share: string, category: string, address: string) => `${hop.padEnd(4)}${share.padStart(7)}  ${category.padEnd(13)}${address}`;
    doc
      .fillColor(MUTED)
      .font('Courier-Bold')
      .fontSize(8)
      .text(row('HOP', 'SHARE', 'CATEGORY', 'ADDRESS'), { width });
    for (const n of shown) {
      doc.x = 50;
      doc
        .fillColor(n.category === 'sanctioned' || n.category === 'custom-block' || n.category === 'terrorism' ? RISK.high! : INK)
        .font('Courier')
        .fontSize(8)
        .text(row(String(n.hop), `${(Math.round(n.share * 1000) / 10).toFixed(1)}%`, n.category, n.address), { width });
    }
    doc.moveDown(0.4);
  }

  // The case's decision: what was decided, why, by whom and when, and who approved the close.
  if (evidence?.review) {
    const { case: c, requestedBy } = evidence.review;
    doc.moveDown(0.4);
    doc.x = 50;
    doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(12).text('Case review');
    doc.moveDown(0.3);
    field('Check requested by', requestedBy || 'Unknown');
    field('Case status', c.status.charAt(0).toUpperCase() + c.status.slice(1));
    if (c.decision) {
      field('Decision', `${decisionText[c.decision]}: ${c.reason ?? ''}`);
      field('Decided by', `${c.decided_by ?? 'Unknown'} on ${when(c.decided_at ?? '')}`);
    } else {
      field('Decision', 'No decision recorded yet');
    }
    if (c.closed_at)
      field(
        'Closed',
        `${c.close_approved_by ? `Requested by ${c.closed_by ?? 'Unknown'}, approved by ${c.close_approved_by}` : `By ${c.closed_by ?? 'Unknown'}`} on ${when(c.closed_at)}`,
      );
  }

  if (evidence && evidence.sources.length > 0) {
    doc.moveDown(0.4);
    doc.x = 50;
    doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(12).text('Evidence and sources');
    doc.moveDown(0.3);
    for (const s of evidence.sources) {
      doc.x = 50;
      doc
        .fillColor(INK)
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(`${s.label}: `, { continued: true })
        .font('Helvetica')
        .fillColor(MUTED)
        .text(s.value, { width });
    }
  }

  // The report text: numbered lines are headings.
  doc.addPage();
  doc.x = 50;
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(14).text('AML report');
  doc.moveDown(0.5);
  for (const line of (analysis.aml_report || 'No report available').split('\n')) {
    doc.x = 50;
    if (line.trim() === '---') {
      doc
        .moveDown(0.3)
        .strokeColor('#d1d5db')
        .lineWidth(1)
        .moveTo(50, doc.y)
        .lineTo(50 + width, doc.y)
        .stroke()
        .moveDown(0.5);
    } else if (/^\d+\.\s/.test(line)) {
      doc.moveDown(0.4).fillColor(INK).font('Helvetica-Bold').fontSize(11).text(line, { width });
    } else if (/^risk (score|level):/i.test(line.trim())) {
      doc.fillColor(RISK[risk.level]!).font('Helvetica-Bold').fontSize(10).text(line, { width });
    } else {
      doc.fillColor(INK).font('Helvetica').fontSize(10).text(line, { width });
    }
  }

  // Page numbers and footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    doc.page.margins.bottom = 0;
    doc.fillColor(MUTED).font('Helvetica').fontSize(8);
    doc.text(`Generated by WalletScreen on ${formatDate(now)}. The score is computed by a documented model from the evidence listed.`, 50, bottom, {
      width: width - 80,
      lineBreak: false,
    });
    doc.text(`Page ${i + 1 - range.start} of ${range.count}`, 50, bottom, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
