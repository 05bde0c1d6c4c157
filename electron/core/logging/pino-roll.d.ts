// pino-roll 4 ships no types: the part of its API this folder uses (node_modules/pino-roll/pino-roll.js).
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';
  interface PinoRollOptions {
    file: string;
    size?: string | number;
    mkdir?: boolean;
    sync?: boolean;
    extension?: string;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
  }
  export default function build(options: PinoRollOptions): Promise<SonicBoom>;
}
