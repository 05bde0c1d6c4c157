// A service module's face declared once, as a value: every member of its interface (checked against it both
// ways: a member missing from the face, or one the interface lacks, does not compile), each with what it
// answers while the module's journal is refused. From that one declaration come the two faces nobody should
// write by hand (journal-stand-ins.ts): the stand-in that refuses, and the fixed forwarder createCore
// composes, which passes every call to whatever the journal's gate has in effect now.

type AnyFunction = (...args: never[]) => unknown;

/**
 * While the journal is refused, a method `throws` journal.lost (one that answers at once) or `rejects` with it
 * (one that answers with a promise: the type allows only the right word), or gives a fixed answer of its own.
 */
type WhileRefused<F extends AnyFunction> = (ReturnType<F> extends PromiseLike<unknown> ? 'rejects' : 'throws') | F;

/** The face of M: each method with what it answers while refused; each group of methods (handlers) as a face. */
export type ModuleFace<M> = {
  readonly [K in keyof M]-?: M[K] extends AnyFunction ? WhileRefused<M[K]> : ModuleFace<M[K]>;
};

/** The face of a handler map: every channel of it rejects while refused. */
export function channelsFace<H>(channels: readonly (keyof H & string)[]): ModuleFace<H> {
  return Object.fromEntries(channels.map((name) => [name, 'rejects'])) as ModuleFace<H>;
}

type Answer = 'throws' | 'rejects' | AnyFunction;
interface FaceNode {
  readonly [member: string]: Answer | FaceNode;
}

/** The same shape as `face`, each method made by `method` from its answer and its path (['register', 'sale']). */
function build(
  face: FaceNode,
  method: (answer: Answer, path: readonly string[]) => AnyFunction,
  at: readonly string[] = [],
): Record<string, unknown> {
  const members = Object.entries(face).map(([name, answer]): [string, unknown] => [
    name,
    typeof answer === 'object' ? build(answer, method, [...at, name]) : method(answer, [...at, name]),
  ]);
  return Object.fromEntries(members);
}

/** The module that answers as its face says while refused: `refusal` for every throws and rejects. */
export function refusingModule<M>(face: ModuleFace<M>, refusal: () => Error): M {
  // The casts: a face is M's shape by its type (ModuleFace<M>), which the walk over its entries cannot show.
  return build(face as unknown as FaceNode, (answer) => {
    if (answer === 'throws')
      return () => {
        throw refusal();
      };
    if (answer === 'rejects') return async () => Promise.reject(refusal());
    return answer;
  }) as M;
}

/** A fixed module that passes every call of its face to `current()`'s member at that path, called on its owner. */
export function forwardingModule<M>(face: ModuleFace<M>, current: () => M): M {
  return build(face as unknown as FaceNode, (_answer, path) => {
    const ownerPath = path.slice(0, -1);
    const name = path.at(-1)!;
    return (...args: never[]) => {
      const owner = ownerPath.reduce<Record<string, unknown>>(
        (node, key) => node[key] as Record<string, unknown>,
        current() as Record<string, unknown>,
      );
      return (owner[name] as AnyFunction).apply(owner, args);
    };
  }) as M;
}
