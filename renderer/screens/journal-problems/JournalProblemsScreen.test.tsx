import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JournalProblem } from '../../../shared/journal.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, failure } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// A journal refused at start (status.get → journalProblems) stands in for the till's screens: what is wrong,
// what was lost, and the admin's way out, in both languages.

const BEHIND: JournalProblem = {
  journal: 'payments',
  kind: 'behind',
  filePath: '/home/till/.config/wallet-pos/data/payments.sqlite3',
  recordedWrites: 120,
  recordedLastWriteAt: '2026-11-25T09:40:00.000Z',
  foundWrites: 100,
  foundLastWriteAt: '2026-11-25T08:00:00.000Z',
  detail: null,
  actions: ['recheck', 'accept', 'start-new'],
};

describe('a refused payment journal', () => {
  it('replaces the sale with what was lost and what to do; starting a new journal asks for the admin PIN, then the sale is back', async () => {
    const bridge = createFakeBridge({ status: { journalProblems: [BEHIND] }, secrets: { adminPin: '1357' } });
    // The core's answers: a recheck finds the same file; a new journal needs the admin, then all is sound.
    let admin = false;
    bridge.override('settings.verifyPin', ({ pin }) => ({ ok: true, value: { valid: (admin = pin === '1357') } }));
    bridge.override('journal.resolve', ({ action }) => {
      if (action === 'recheck') return { ok: true, value: bridge.status };
      if (!admin) return failure('admin.pin-required');
      bridge.status = { ...bridge.status, journalProblems: [] };
      bridge.emit('status.changed', bridge.status);
      return { ok: true, value: bridge.status };
    });
    renderWithBridge(<App />, bridge);

    const card = await screen.findByTestId('journal-payments');
    expect(card.getAttribute('data-kind')).toBe('behind');
    expect(screen.getByTestId('journal-payments-kind').textContent).toBe(
      'The file is an older copy of this till’s journal.',
    );
    const facts = screen.getByTestId('journal-payments-facts').textContent ?? '';
    expect(facts).toContain('This till had written 120 changes to it');
    expect(facts).toContain('The file has 100 changes');
    expect(facts).toContain('20 changes are not in the file');
    expect(screen.getByTestId('journal-payments-file').textContent).toBe(`File: ${BEHIND.filePath}`);
    expect(screen.getByTestId('status-journal').textContent).toBe('Journal problem: payments stopped');
    expect(screen.queryByTestId('sale-screen')).toBeNull();

    // Checking again changes nothing while the file is the same.
    fireEvent.click(screen.getByTestId('journal-payments-recheck'));
    await waitFor(() =>
      expect(screen.getByTestId('journal-payments-message').textContent).toBe(
        'Checked again: the journal is still refused.',
      ),
    );

    fireEvent.click(screen.getByTestId('journal-payments-start-new'));
    fireEvent.click(screen.getByTestId('journal-payments-confirm-start-new'));
    const pin = await screen.findByTestId('admin-pin');
    expect(bridge.callsTo('journal.resolve').map((request) => (request as { action: string }).action)).toEqual([
      'recheck',
      'start-new',
    ]);
    fireEvent.change(pin, { target: { value: '1357' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    await waitFor(() => expect(screen.queryByTestId('journal-problems')).toBeNull());
    expect(screen.queryByTestId('status-journal')).toBeNull();
    expect(bridge.callsTo('journal.resolve')).toHaveLength(3);
  });

  it('reads in Traditional Chinese, and offers no "keep as it is" for a damaged file', async () => {
    const bridge = createFakeBridge({
      status: {
        journalProblems: [
          {
            ...BEHIND,
            kind: 'corrupt',
            detail: 'Page 7: btreeInitPage() returns error code 11',
            foundWrites: null,
            foundLastWriteAt: null,
            actions: ['recheck', 'start-new'],
          },
        ],
      },
    });
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    renderWithBridge(<App />, bridge, 'zh-HK');
    expect((await screen.findByTestId('journal-payments-kind')).textContent).toBe('檔案已損壞。');
    expect(screen.getByText('SQLite 訊息：Page 7: btreeInitPage() returns error code 11')).toBeDefined();
    expect(screen.getByTestId('journal-payments-recheck').textContent).toBe('再次檢查');
    expect(screen.queryByTestId('journal-payments-accept')).toBeNull();
    expect(screen.getByTestId('status-journal').textContent).toBe('記錄檔有問題：已暫停收款');
  });
});

describe('a refused linked-customer journal', () => {
  it('stops the Customers screen only: the sale goes on', async () => {
    const bridge = createFakeBridge({
      status: {
        journalProblems: [
          {
            ...BEHIND,
            journal: 'customers',
            kind: 'missing',
            foundWrites: null,
            foundLastWriteAt: null,
            actions: ['recheck', 'start-new'],
          },
        ],
      },
    });
    renderWithBridge(<App />, bridge);
    expect(await screen.findByTestId('sale-screen')).toBeDefined();
    fireEvent.click(screen.getByTestId('nav-customers'));
    expect((await screen.findByTestId('journal-customers-kind')).textContent).toBe('The file is missing.');
    expect(screen.getByTestId('journal-customers-facts').textContent).toContain(
      'Everything this till recorded there is missing',
    );
  });
});
