import { describe, expect, it } from 'vitest';
import { CSV_HEADER, csvField, freeText } from './csv-export.ts';
import { seedLookedUp, seedPayment, tempJournal } from './journal-fixture.test-helper.ts';

/** A strict RFC 4180 reader, to check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error('unterminated quote');
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] === '"') {
          field += '"';
          i += 1;
        } else break;
      }
    }
    if (text[i] === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (i < text.length) {
      if (text[i] === '\n' || text[i] === '\r' || text[i] === '"')
        throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
      field += text[i];
      i += 1;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('last record not terminated by CRLF');
  return records;
}

describe('CSV export', () => {
  it('writes one quoted-where-needed line per payment and refund, amounts as exact major units', () => {
    const { journal, clock } = tempJournal({ timeZone: 'Asia/Singapore' });
    clock.set('2026-11-21T02:03:04Z');
    const tricky = seedPayment(journal, {
      amountMinor: 100510,
      providerOrderId: '221121-0001-AAAA',
      note: 'Table 4, "window"\r\nsecond line 咖啡',
    });
    clock.advance(1_000);
    const small = seedPayment(journal, { method: 'customer-qr', amountMinor: 5, note: '=HYPERLINK("http://evil")' });
    clock.advance(1_000);
    seedPayment(journal, { outcome: 'failed', amountMinor: 29 });
    clock.advance(60_000);
    const refund = journal.recordRefund(tricky.referenceId, { amountMinor: 10, reason: 'Wrong item, sorry' });
    journal.updateRefund(refund.refundId, { state: 'succeeded' });
    // 0.02 of the small one was refunded at the merchant portal.
    journal.recordProviderRefundTotal(small.referenceId, 2);

    const file = journal.exportCsv('2026-11-21');
    expect(file.fileName).toBe('payments-2026-11-21.csv');
    expect(file.csv.startsWith('\uFEFF')).toBe(true);
    expect(file.csv.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(file.csv.slice(1));
    expect(header).toEqual([...CSV_HEADER]);
    const column = (name: (typeof CSV_HEADER)[number]) => CSV_HEADER.indexOf(name);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(CSV_HEADER.length);

    const [first, second, third, refundRow] = rows as [string[], string[], string[], string[]];
    expect(first[column('Record')]).toBe('payment');
    expect(first[column('Local time')]).toBe('2026-11-21 10:03:04');
    expect(first[column('Reference')]).toBe(tricky.referenceId);
    expect(first[column('Amount')]).toBe('1005.10');
    expect(first[column('Refunded')]).toBe('0.10');
    expect(first[column('Refunded elsewhere')]).toBe('0.00');
    expect(first[column('Status')]).toBe('paid');
    expect(first[column('Note or reason')]).toBe('Table 4, "window"\r\nsecond line 咖啡');
    expect(second[column('Amount')]).toBe('0.05');
    expect([second[column('Refunded')], second[column('Refunded elsewhere')]]).toEqual(['0.02', '0.02']);
    expect(first[column('Method')]).toBe('Customer scanned our QR');
    expect(second[column('Method')]).toBe('We scanned the customer');
    expect(second[column('Note or reason')]).toBe('\'=HYPERLINK("http://evil")');
    expect(second[column('Reference')]).toBe(small.referenceId);
    expect(third[column('Status')]).toBe('failed');
    expect(third[column('Amount')]).toBe('0.29');
    expect(third[column('Failure reason')]).toBe('Declined by wallet');
    expect(refundRow[column('Record')]).toBe('refund');
    expect(refundRow[column('Refund ID')]).toBe(refund.refundId);
    expect(refundRow[column('Amount')]).toBe('0.10');
    expect(refundRow[column('Status')]).toBe('succeeded');
    expect(refundRow[column('Provider order ID')]).toBe('221121-0001-AAAA');
    expect(refundRow[column('Note or reason')]).toBe('Wrong item, sorry');
    expect(refundRow[column('Method')]).toBe('Customer scanned our QR');

    expect(journal.exportCsv('2026-11-22').csv).toBe(`\uFEFF${CSV_HEADER.join(',')}\r\n`);
  });

  it("lists another terminal's payment on the day it was refunded here too, once, marked looked up", () => {
    const { journal, clock } = tempJournal({ timeZone: 'UTC' });
    // Paid at till A on the 20th; brought to this counter and refunded twice on the 21st.
    clock.set('2026-11-21T09:00:00Z');
    const other = seedLookedUp(journal, clock, {
      amountMinor: 2000,
      providerOrderId: '221120-0009-TILA',
      createdAt: Date.parse('2026-11-20T18:00:00Z'),
    });
    for (const amountMinor of [300, 200]) {
      const refund = journal.recordRefund(other.referenceId, { amountMinor, posId: 'POS-COUNTER-B' });
      journal.updateRefund(refund.refundId, { state: 'succeeded' });
      clock.advance(1_000);
    }
    const records = (day: string) => {
      const [header, ...rows] = parseCsv(journal.exportCsv(day).csv.slice(1));
      return rows.map((row) =>
        (['Record', 'Reference', 'Amount', 'Origin', 'Local time'] as const).map((name) => row[header!.indexOf(name)]),
      );
    };
    expect(records('2026-11-21')).toEqual([
      ['payment', other.referenceId, '20.00', 'looked up', '2026-11-20 18:00:00'],
      ['refund', other.referenceId, '3.00', 'looked up', '2026-11-21 09:00:00'],
      ['refund', other.referenceId, '2.00', 'looked up', '2026-11-21 09:00:01'],
    ]);
    // On the day it was paid, as before; on a day with nothing refunded here, not at all.
    expect(records('2026-11-20')).toEqual([
      ['payment', other.referenceId, '20.00', 'looked up', '2026-11-20 18:00:00'],
    ]);
    expect(records('2026-11-22')).toEqual([]);
  });

  it("gives every line its origin: another terminal's payment is 'looked up', and each refund names the posId it was sent as", () => {
    const { journal, clock } = tempJournal({ timeZone: 'UTC' });
    clock.set('2026-11-21T02:00:00Z');
    const own = seedPayment(journal, { amountMinor: 1000, providerOrderId: '221121-0001-OWNS' });
    clock.set('2026-11-21T03:00:00Z');
    const other = seedLookedUp(journal, clock, {
      amountMinor: 1400,
      providerOrderId: '221121-0002-TILA',
      createdAt: Date.parse('2026-11-21T01:30:00Z'),
    });
    const counterRefund = journal.recordRefund(other.referenceId, {
      amountMinor: 500,
      reason: 'Goods returned',
      posId: 'POS-COUNTER-B',
    });
    journal.updateRefund(counterRefund.refundId, { state: 'succeeded' });
    clock.advance(1_000);
    // A refund of our own payment sent after this till's posId changed: the file says which posId it went as.
    const ownRefund = journal.recordRefund(own.referenceId, { amountMinor: 100, posId: 'POS-NEW' });
    journal.updateRefund(ownRefund.refundId, { state: 'succeeded' });
    clock.advance(1_000);
    // A refund recorded before the journal kept its posId was sent as the payment's terminal.
    const oldRefund = journal.recordRefund(own.referenceId, { amountMinor: 50 });
    journal.updateRefund(oldRefund.refundId, { state: 'failed', failureReason: 'Refused' });

    const [header, ...rows] = parseCsv(journal.exportCsv('2026-11-21').csv.slice(1));
    const pick = (row: string[]) =>
      (['Record', 'Reference', 'Method', 'Status', 'Amount', 'Provider order ID', 'POS ID', 'Origin'] as const).map(
        (name) => row[header!.indexOf(name)],
      );
    expect(rows.map(pick)).toEqual([
      // The looked-up payment on its own day (01:30, before ours), method and terminal unknown: not our takings.
      ['payment', other.referenceId, '', 'paid', '14.00', '221121-0002-TILA', '', 'looked up'],
      [
        'payment',
        own.referenceId,
        'Customer scanned our QR',
        'paid',
        '10.00',
        '221121-0001-OWNS',
        'POS-1',
        'taken here',
      ],
      ['refund', other.referenceId, '', 'succeeded', '5.00', '221121-0002-TILA', 'POS-COUNTER-B', 'looked up'],
      [
        'refund',
        own.referenceId,
        'Customer scanned our QR',
        'succeeded',
        '1.00',
        '221121-0001-OWNS',
        'POS-NEW',
        'taken here',
      ],
      [
        'refund',
        own.referenceId,
        'Customer scanned our QR',
        'failed',
        '0.50',
        '221121-0001-OWNS',
        'POS-1',
        'taken here',
      ],
    ]);
  });

  it('names the register that started a payment and its order reference, on the payment and on its refunds', () => {
    const { journal, clock } = tempJournal({ timeZone: 'UTC' });
    clock.set('2026-11-21T02:00:00Z');
    const keyed = seedPayment(journal, { amountMinor: 1000 });
    clock.advance(1_000);
    const fromRegister = seedPayment(journal, {
      amountMinor: 1234,
      register: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'POS-1042' },
    });
    clock.advance(1_000);
    const unnamed = seedPayment(journal, {
      method: 'customer-qr',
      amountMinor: 880,
      register: { keyId: 'key_back-office', keyName: '-Back office', orderReference: null },
    });
    clock.advance(1_000);
    const refund = journal.recordRefund(fromRegister.referenceId, { amountMinor: 500, reason: 'one item returned' });
    journal.updateRefund(refund.refundId, { state: 'succeeded' });

    const [header, ...rows] = parseCsv(journal.exportCsv('2026-11-21').csv.slice(1));
    // New columns come last: a back office reading the older ones by position still finds them.
    expect(header!.slice(-6)).toEqual([
      'POS ID',
      'Origin',
      'Register',
      'Register order reference',
      'Cashier',
      'Approved by',
    ]);
    const pick = (row: string[]) =>
      (['Record', 'Reference', 'Amount', 'Origin', 'Register', 'Register order reference'] as const).map(
        (name) => row[header!.indexOf(name)],
      );
    expect(rows.map(pick)).toEqual([
      ['payment', keyed.referenceId, '10.00', 'taken here', '', ''],
      ['payment', fromRegister.referenceId, '12.34', 'taken here', 'Front register', 'POS-1042'],
      // A key name is typed by an admin (letters, digits, spaces, . _ -): a leading - must not become a formula.
      ['payment', unnamed.referenceId, '8.80', 'taken here', "'-Back office", ''],
      ['refund', fromRegister.referenceId, '5.00', 'taken here', 'Front register', 'POS-1042'],
    ]);
  });

  it('quotes exactly the fields RFC 4180 requires and defuses formulas in typed text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('')).toBe('');
    expect(freeText('+1 refund')).toBe("'+1 refund");
    expect(freeText('-5')).toBe("'-5");
    expect(freeText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(freeText('ok = fine')).toBe('ok = fine');
    expect(freeText(null)).toBe('');
  });
});
