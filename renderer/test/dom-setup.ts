import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { runAfterEachTest } from './after-each.test-helper.ts';

// The dom project's setup file (vite.config.ts), run before every test file.

// Screens on the real core (core-bridge.test-helper.ts) wait for real answers over real sockets, and some poll
// (an approval every 0.7 s): on a busy machine the default second of findBy*/waitFor is too short for an answer
// that does come. Set here for every file, not by that helper: testing-library's setting lives as long as its
// module, which files share in a worker, so a helper's setting would hold in some later files and not others.
configure({ asyncUtilTimeout: 5_000 });

afterEach(runAfterEachTest);
