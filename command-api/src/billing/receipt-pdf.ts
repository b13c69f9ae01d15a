/**
 * A purchase's receipt as a PDF (pdfkit), in the report's look: the seller, the receipt number
 * and date, the plan, its checks, the amount and currency, the payment reference, and a clear
 * "Test payment" mark when no money moved.
 */
import PDFDocument from 'pdfkit';
import { formatDate } from '@walletscreen/contracts';

export interface ReceiptSeller {
  name: string;
  /** Postal address lines. */
  address: string[];
}

export interface ReceiptPurchase {
  receiptNumber: string;
  purchaseId: string;
  createdAt: string;
  planName: string;
  checks: number;
  amount: number;
  currency: string;
  provider: 'stripe' | 'local';
  paymentReference: string;
  test: boolean;
  expiresAt: string;
  /** The buyer's e-mail. */
  buyer: string | null;
}

const ACCENT = '#4338ca';
const INK = '#111827';
const MUTED = '#4b5563';
const TEST = '#b45309';

/** "99.00 USD": two decimals and the ISO code, whatever the currency. */
export function formatAmount(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
}

/** The seller address lines of SELLER_ADDRESS ("|" or new lines between them). */
export function sellerAddressLines(address: string | undefined): string[] {
  return (address ?? '')
    .split(/\||\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export function receiptFileName(receiptNumber: string): string {
  return `Receipt_${receiptNumber.replace(/[^\w-]/g, '_')}.pdf`;
}

export function renderReceiptPdf(purchase: ReceiptPurchase, seller: ReceiptSeller, now: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 50, right: 50 },
    info: { Title: `Receipt ${purchase.receiptNumber}`, Author: seller.name, Subject: `Receipt for ${purchase.planName}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 100;

  doc.rect(0, 0, doc.page.width, 40).fill(ACCENT);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(14).text('WalletScreen', 50, 13);
  doc.font('Helvetica').fontSize(9).text('Receipt', 50, 16, { width, align: 'right' });

  // Seller, left; receipt number and date, right.
  const top = 64;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(seller.name, 50, top, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of seller.address) doc.text(line, { width: width / 2 });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text('Receipt', 50 + width / 2, top, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(`No. ${purchase.receiptNumber}`, 50 + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.text(`Date: ${formatDate(purchase.createdAt)}`, 50 + width / 2, doc.y, { width: width / 2, align: 'right' });

  let y = Math.max(doc.y, top + 70) + 16;
  if (purchase.test) {
    doc.save().rect(50, y, width, 34).fillAndStroke('#fef3c7', TEST).restore();
    doc
      .fillColor(TEST)
      .font('Helvetica-Bold')
      .fontSize(12)
      .text('TEST PAYMENT: no money was charged', 60, y + 7, { width: width - 20 });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text('This purchase was paid through a test payment provider. It is not a tax receipt.', 60, y + 21, { width: width - 20 });
    y += 50;
  }

  if (purchase.buyer) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('Billed to', 50, y);
    doc.fillColor(INK).font('Helvetica').fontSize(10).text(purchase.buyer, 50, doc.y);
    y = doc.y + 16;
  }

  // The line item.
  const cols = [50, 300, 380, 50 + width];
  doc.save().rect(50, y, width, 20).fill('#eef2ff').restore();
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
  doc.text('Description', cols[0]! + 8, y + 6);
  doc.text('Checks', cols[1], y + 6, { width: 70, align: 'right' });
  doc.text('Amount', cols[2], y + 6, { width: cols[3]! - cols[2]! - 8, align: 'right' });
  y += 26;
  doc.font('Helvetica').fontSize(10);
  doc.text(`${purchase.planName} plan: premium wallet checks, valid until ${formatDate(purchase.expiresAt)}`, cols[0]! + 8, y, {
    width: cols[1]! - cols[0]! - 16,
  });
  doc.text(String(purchase.checks), cols[1], y, { width: 70, align: 'right' });
  doc.text(formatAmount(purchase.amount, purchase.currency), cols[2], y, { width: cols[3]! - cols[2]! - 8, align: 'right' });
  y = Math.max(doc.y, y + 14) + 10;
  doc
    .moveTo(50, y)
    .lineTo(50 + width, y)
    .lineWidth(0.5)
    .strokeColor('#d1d5db')
    .stroke();
  y += 8;
  doc.font('Helvetica-Bold').fontSize(11).text('Total', cols[1], y, { width: 70, align: 'right' });
  doc.text(formatAmount(purchase.amount, purchase.currency), cols[2], y, { width: cols[3]! - cols[2]! - 8, align: 'right' });
  y = doc.y + 24;

  const rows: Array<[string, string]> = [
    [
      'Payment',
      purchase.test ? `${purchase.provider === 'stripe' ? 'Stripe (test mode)' : 'Test payment (built-in provider)'}` : 'Card payment through Stripe',
    ],
    ['Payment reference', purchase.paymentReference],
    ['Purchase id', purchase.purchaseId],
  ];
  for (const [label, value] of rows) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, 50, y, { width: 130 });
    doc
      .fillColor(INK)
      .font(label === 'Payment' ? 'Helvetica' : 'Courier')
      .fontSize(9)
      .text(value, 190, y, { width: width - 140 });
    y = doc.y + 6;
  }

  doc.page.margins.bottom = 0;
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(`Issued on ${formatDate(now)} by ${seller.name}.`, 50, doc.page.height - 40 - 10, { width, lineBreak: false });
  doc.end();
  return done;
}
