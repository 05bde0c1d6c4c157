import { FuseState, FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { electronBinaryPath, fuseConfig, FUSES } from './fuses.mjs';

// electron-builder's afterPack hook (.config/electron-builder.json): after the app is packed into app.asar,
// before it is signed and wrapped into AppImage / deb / NSIS, flip the fuses (.config/fuses.mjs) in the
// Electron binary, then read them back: a build whose binary does not say what we asked for fails here
// instead of shipping.

export default async function afterPack(context) {
  const binary = electronBinaryPath(context);
  await flipFuses(binary, fuseConfig({ FuseV1Options, FuseVersion }));
  const wire = await getCurrentFuseWire(binary);
  for (const [name, enabled] of Object.entries(FUSES)) {
    const state = wire[FuseV1Options[name]];
    const wanted = enabled ? FuseState.ENABLE : FuseState.DISABLE;
    if (state !== wanted && state !== FuseState.REMOVED) {
      throw new Error(`Fuse ${name} of ${binary} reads ${state} after flipping, expected ${wanted}`);
    }
  }
  console.log(`afterPack: fuses set in ${binary}`);
}
