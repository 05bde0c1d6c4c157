// A webhook listener that follows the settings: started, moved to another port or stopped whenever the
// plan derived from the settings changes. Shared by the in-store payment notifications and the tokenized
// order-outcome webhooks, which differ only in their plan and their receiver.

export interface ListenerPlan {
  readonly listen: boolean;
  readonly port: number;
  readonly host?: string | undefined;
  readonly publicUrl?: string | undefined;
}

export interface RunningReceiver {
  readonly url: string;
  close(): Promise<void>;
}

export interface SettingsListener {
  /** The running receiver's own URL, if one is listening. */
  receiverUrl(): string | undefined;
  close(): Promise<void>;
}

export async function followSettingsListener(options: {
  /** The plan as the settings say now. */
  readonly plan: () => ListenerPlan;
  readonly onSettingsChange: (listener: () => void) => () => void;
  readonly start: (plan: ListenerPlan) => Promise<RunningReceiver>;
  /** Runs before each (re)configuration, e.g. to re-read the signing secret. */
  readonly beforeApply?: () => Promise<void>;
  /** Names the listener in log lines. */
  readonly label: string;
  readonly log: (line: string) => void;
  /**
   * After each (re)configuration: null when it listens as planned (or is off), else the port it could not
   * have and why (the status bar and Settings say it: status/listener-board.ts).
   */
  readonly report?: (failure: { readonly port: number; readonly error: unknown } | null) => void;
}): Promise<SettingsListener> {
  let plan: ListenerPlan | null = null;
  let receiver: RunningReceiver | null = null;
  let closed = false;
  // Reconfigurations run one after the other, never two listeners at once.
  let queue: Promise<void> = Promise.resolve();

  async function apply(next: ListenerPlan): Promise<void> {
    await options.beforeApply?.();
    if (plan && samePlan(plan, next) && (receiver !== null || !next.listen)) return;
    const old = receiver;
    receiver = null;
    await old?.close();
    plan = next;
    if (!next.listen || closed) {
      if (!closed) options.report?.(null);
      return;
    }
    try {
      receiver = await options.start(next);
      options.report?.(null);
    } catch (error) {
      // A port already taken must not stop payments: the provider is still asked directly, just later.
      options.log(`${options.label} not started: ${error instanceof Error ? error.message : String(error)}`);
      options.report?.({ port: next.port, error });
    }
  }

  await apply(options.plan());
  const stop = options.onSettingsChange(() => {
    queue = queue
      .then(() => apply(options.plan()))
      .catch((error: unknown) => options.log(`${options.label}: ${String(error)}`));
  });

  return {
    receiverUrl: () => receiver?.url,
    async close() {
      closed = true;
      stop();
      await queue;
      const old = receiver;
      receiver = null;
      await old?.close();
    },
  };
}

function samePlan(a: ListenerPlan, b: ListenerPlan): boolean {
  return a.listen === b.listen && a.port === b.port && a.host === b.host && a.publicUrl === b.publicUrl;
}
