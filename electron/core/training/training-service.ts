import type { EventSink } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { StaffMember, StaffRef } from '../../../shared/staff.ts';
import type { TrainingStatus } from '../../../shared/training.ts';
import type { HandlerPart } from '../compose-handlers.ts';
import type { StaffAccess } from '../staff/staff-access.ts';
import { readTrainingFile, writeTrainingFile, type TrainingRecord } from './training-file.ts';
import type { TrainingSandbox } from './training-sandbox.ts';
import { simulate } from './training-simulator.ts';

// Who is in training, and the training.* channels. A supervisor (the `training` right, held by the core's door
// on the channel) puts one person or the whole till into training; leaving asks the PIN of someone with that right,
// through the same approver check and wrong-PIN lockout as a refund's approval. A kiosk never trains.

export interface TrainingGate {
  /** A sale taken now is a training sale: the trainee is the one signed in, or the whole till trains. */
  appliesNow(): boolean;
  readonly sandbox: TrainingSandbox;
}

export interface TrainingService extends TrainingGate {
  readonly handlers: Pick<
    Required<HandlerPart>,
    'training.start' | 'training.stop' | 'training.status' | 'training.simulate'
  >;
  status(): TrainingStatus;
}

export function createTrainingService(deps: {
  readonly file: string;
  readonly sandbox: TrainingSandbox;
  readonly staff: Pick<StaffAccess, 'signedIn' | 'approverByPin'>;
  /** The till's people (to find the trainee by id). */
  readonly people: () => Promise<readonly StaffMember[]>;
  readonly isKiosk: () => boolean;
  readonly emit: EventSink;
  readonly now: () => Date;
}): TrainingService {
  let current: TrainingRecord | null = readTrainingFile(deps.file);

  function appliesNow(): boolean {
    if (current === null || deps.isKiosk()) return false;
    return current.staff === null || deps.staff.signedIn()?.id === current.staff.id;
  }

  function status(): TrainingStatus {
    if (current === null) return { active: false };
    return { active: true, ...current, appliesNow: appliesNow(), sandboxOrigin: deps.sandbox.origin() };
  }

  function change(next: TrainingRecord | null): TrainingStatus {
    writeTrainingFile(deps.file, next);
    current = next;
    const now = status();
    deps.emit('training.changed', now);
    return now;
  }

  async function trainee(staffId: string | undefined): Promise<StaffRef | null> {
    if (staffId === undefined) return null;
    const person = (await deps.people()).find((member) => member.id === staffId && member.active);
    if (!person) throw new PosError('request.invalid', { notice: notice('training.no-such-person') });
    return { id: person.id, name: person.name };
  }

  return {
    appliesNow,
    status,
    sandbox: deps.sandbox,
    handlers: {
      async 'training.start'({ staffId }) {
        if (deps.isKiosk()) throw new PosError('auth.not-allowed', { notice: notice('training.not-on-kiosk') });
        const staff = await trainee(staffId);
        const who = deps.staff.signedIn();
        return change({
          staff,
          startedBy: who === null ? null : { id: who.id, name: who.name },
          startedAt: deps.now().toISOString(),
        });
      },
      async 'training.stop'({ pin }) {
        // Refused (wrong PIN, locked, a PIN without the right) before anything changes.
        await deps.staff.approverByPin(pin, 'training');
        return current === null ? status() : change(null);
      },
      async 'training.status'() {
        return status();
      },
      async 'training.simulate'({ action }) {
        if (current === null) throw new PosError('request.invalid', { notice: notice('training.not-on') });
        await simulate(deps.sandbox, action);
        return status();
      },
    },
  };
}
