import type { HealthCheckId } from '../../shared/health.ts';
import type { HandlerPart } from './compose-handlers.ts';
import type { HealthProbe } from './health/health-runner.ts';

// The one shape of every feature of the core (features/): started with what the features before it gave,
// it answers its part of the contract, how to close what it opened, and what the features after it need.
// core.ts is the list of them; module-chain.ts starts them in that order and unwinds their closers in reverse.
// Model: actualbudget's loot-core server `app.ts`, whose `combine(...apps)` joins each feature's handlers
// (refusing a duplicate name) and its services, stopped in one place.

export interface StartedModule<Gives extends object = object> {
  /** Its channels (compose-handlers.ts: a channel served twice or by nobody stops the core's start). */
  readonly handlers?: HandlerPart;
  /** Stops what it started: called once, after every feature started later was closed (closer-stack.ts). */
  readonly close?: () => void | Promise<void>;
  /** Checks it adds to "Check this till" (health/), under their ids. */
  readonly health?: Partial<Record<HealthCheckId, HealthProbe>>;
  /** What starts ticking only once every feature started and the handlers are composed (timers, probes). */
  readonly run?: () => void;
  /** What the features started after it receive, beside what they already had. */
  readonly gives?: Gives;
}

export interface CoreModule<Needs, Gives extends object = object> {
  /** Its name in the logs and as the owner of its channels. */
  readonly name: string;
  readonly start: (wiring: Needs) => StartedModule<Gives> | Promise<StartedModule<Gives>>;
}
