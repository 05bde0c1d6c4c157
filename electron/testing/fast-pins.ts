import { lowerPinCostForTests } from '../core/settings/pin.ts';

// A setup file of the Vitest projects that run the core in-process (vite.config.ts): PINs derived at a sixteenth
// of the till's scrypt cost. Sign-ins, PIN saves and approvals are in hundreds of tests, and at the real cost
// they were half the CPU of `npm run test:fast`. A stored hash names its cost, so checks run the same code;
// child processes (the slow tier, the e2e hosts) keep the real cost.
lowerPinCostForTests(1024);
