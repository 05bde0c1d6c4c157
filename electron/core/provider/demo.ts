// Demo mode's one door into the embedded sandbox. The core otherwise never imports electron/sandbox (a lint
// rule): the sandbox is a stand-in for the provider, and code that reached into it from anywhere else could
// come to depend on the simulator instead of on the wire.
export { DEMO_CREDENTIALS, startSandbox } from '../../sandbox/server.ts';
export {
  DEMO_LINK_CALLBACK_URL,
  DEMO_TOKENIZED_CREDENTIALS,
  DEMO_TOKENIZED_MERCHANT,
} from '../../sandbox/tokenized/merchants.ts';
