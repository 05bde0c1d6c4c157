import type { ServerResponse } from 'node:http';
import type { CoreEventListener } from '../core-api.ts';
import type { RegisterPayment } from './api-schemas.ts';
import { onSaleUpdate } from './sale-updates.ts';

// GET /payments/{referenceId}?waitSeconds=N: the answer is held until the payment's status is no longer the
// one it had when the register asked (the service's own events say when), or N seconds pass, or the register
// hangs up, or it is ended from outside (held-requests.ts). Then it is read once more, fresh.

export function waitForStatusChange(options: {
  readonly referenceId: string;
  readonly initial: RegisterPayment;
  readonly waitMs: number;
  readonly read: () => RegisterPayment;
  readonly subscribe: (listener: CoreEventListener) => () => void;
  /** Ends the wait early (its key was revoked, the server is closing). */
  readonly ended: AbortSignal;
  readonly response: ServerResponse;
}): Promise<RegisterPayment> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      options.ended.removeEventListener('abort', finish);
      options.response.off('close', finish);
      try {
        resolve(options.read());
      } catch (error) {
        reject(error);
      }
    };
    const timer = setTimeout(finish, options.waitMs);
    const unsubscribe = onSaleUpdate(options.subscribe, (referenceId) => {
      if (referenceId !== options.referenceId || done) return;
      try {
        if (options.read().status !== options.initial.status) finish();
      } catch {
        finish();
      }
    });
    options.ended.addEventListener('abort', finish);
    options.response.on('close', finish);
  });
}
