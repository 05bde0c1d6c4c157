import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { createListenerBoard } from './listener-board.ts';

// The listener board: each listener's latest word (listening, or the port it could not have and why), a
// change told once, and the system's reason in the log.

describe('listener board', () => {
  it('keeps each listener’s problem until it listens again, tells each change once, logs the reason', () => {
    const logged: string[] = [];
    const board = createListenerBoard({ log: (line) => logged.push(line) });
    let changes = 0;
    board.onChange(() => (changes += 1));
    const taken = new PosError('listen.refused', {
      notice: notice('listen.port-in-use', { port: 8711 }),
      details: { port: 8711, refusal: 'in-use' },
      cause: Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8711'), {
        code: 'EADDRINUSE',
      }),
    });

    board.failed('payment-notifications', 8711, taken);
    board.failed('payment-notifications', 8711, taken);
    board.failed('register-connection', 80, Object.assign(new Error('listen EACCES'), { code: 'EACCES' }));
    expect(board.problems()).toEqual([
      { listener: 'payment-notifications', port: 8711, refusal: 'in-use' },
      { listener: 'register-connection', port: 80, refusal: 'not-allowed' },
    ]);
    expect(changes).toBe(2);
    expect(logged[0]).toBe(
      'payment-notifications: not listening on port 8711: Another program on this computer already uses port 8711. (listen EADDRINUSE: address already in use 127.0.0.1:8711)',
    );

    board.listening('payment-notifications');
    board.listening('order-webhooks');
    expect(board.problems()).toEqual([{ listener: 'register-connection', port: 80, refusal: 'not-allowed' }]);
    expect(changes).toBe(3);
  });
});
