import { describe, expect, it } from 'vitest';
import { CUSTOMER_MODULE_FACE } from './customers/customer-module.ts';
import { forwardingModule, refusingModule, type ModuleFace } from './module-face.ts';
import { PAYMENT_MODULE_FACE } from './payments/payment-module.ts';

// Each module's face is declared once; the stand-in and the forwarder are made from it. Walked member by
// member here, so a member the face gains is covered without touching this test.

type Path = readonly string[];
type Answer = string | ((...args: unknown[]) => unknown);
interface Node {
  readonly [member: string]: Answer | Node;
}

function pathsOf(face: Node, at: Path = []): Path[] {
  return Object.entries(face).flatMap(([name, answer]) =>
    typeof answer === 'object' ? pathsOf(answer, [...at, name]) : [[...at, name]],
  );
}

function memberAt(
  module: unknown,
  path: Path,
): { owner: Record<string, unknown>; method: (...args: unknown[]) => unknown } {
  const owner = path
    .slice(0, -1)
    .reduce((node, key) => node[key] as Record<string, unknown>, module as Record<string, unknown>);
  return { owner, method: owner[path.at(-1)!] as (...args: unknown[]) => unknown };
}

/** A module of the face's shape whose every method answers with who it is, what it was given and its `this`. */
function recordingModule(face: Node, name: string, at: Path = []): Record<string, unknown> {
  const module: Record<string, unknown> = {};
  for (const [member, answer] of Object.entries(face)) {
    const path = [...at, member];
    module[member] =
      typeof answer === 'object'
        ? recordingModule(answer, name, path)
        : function (this: unknown, ...args: unknown[]) {
            return { name, path, args, self: this };
          };
  }
  return module;
}

const faces = { payments: PAYMENT_MODULE_FACE, customers: CUSTOMER_MODULE_FACE } as Record<string, unknown>;

describe.each(Object.keys(faces))('the %s module’s face', (which) => {
  const face = faces[which] as ModuleFace<Record<string, unknown>>;
  const paths = pathsOf(face as unknown as Node);

  it('its stand-in answers each member as declared: throws or rejects the refusal, or its fixed answer', async () => {
    const refusal = new Error('journal lost');
    const standIn = refusingModule(face, () => refusal);
    for (const path of paths) {
      const declared = memberAt(face, path).method as unknown as Answer;
      const { owner, method } = memberAt(standIn, path);
      if (declared === 'throws') expect(() => method.call(owner, 'x'), path.join('.')).toThrow(refusal);
      else if (declared === 'rejects') await expect(method.call(owner, 'x'), path.join('.')).rejects.toBe(refusal);
      else expect(method, path.join('.')).toBe(declared);
    }
  });

  it('its forwarder passes every call, with its arguments, to the module in effect now, called on its owner', () => {
    const first = recordingModule(face as unknown as Node, 'first');
    let current = first;
    const forwarder = forwardingModule(face, () => current);
    const second = recordingModule(face as unknown as Node, 'second');
    for (const path of paths) {
      const { owner, method } = memberAt(forwarder, path);
      expect(method.call(owner, 'a', 2)).toEqual({
        name: 'first',
        path,
        args: ['a', 2],
        self: memberAt(first, path).owner,
      });
    }
    current = second;
    for (const path of paths) {
      const { owner, method } = memberAt(forwarder, path);
      expect((method.call(owner) as { name: string }).name).toBe('second');
    }
  });
});
