// What a helper undoes after every test (a rendered screen, its stores, a core it opened), run by the dom
// project's setup file (dom-setup.ts). A helper registers here once, when it is first imported; the setup file
// runs for every test file. A hook the helper registered itself would reach only the first file that imported
// it in a worker that shares one module graph between files (vite.config.ts), and every later file would leave
// its screens mounted and its cores running.

type Step = () => void | Promise<void>;

const steps = new Set<Step>();

export function afterEachTest(step: Step): void {
  steps.add(step);
}

/** The last registered first, as Vitest runs after-hooks: a screen unmounts before the core it talks to closes. */
export async function runAfterEachTest(): Promise<void> {
  for (const step of [...steps].reverse()) await step();
}
