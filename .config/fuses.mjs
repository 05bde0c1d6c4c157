// The Electron fuses of every packaged build: features compiled into the binary that we switch off (or on)
// for good, after packing and before signing (.config/after-pack.mjs flips them; electron/packaging.test.ts
// checks this table and flips a synthetic binary with it). A fuse cannot be changed back by an environment
// variable or a command-line flag on the till; code signing keeps the bits as set.
//
// Names are @electron/fuses' FuseV1Options. Every fuse of the wire is listed: the hook sets them with
// strictlyRequireAllFuses, so an Electron upgrade that adds one fails the build until it is decided here.

export const FUSES = Object.freeze({
  // ELECTRON_RUN_AS_NODE would turn the signed till binary into a plain Node interpreter.
  RunAsNode: false,
  // Chromium's cookie store encrypted with the OS key store (the consent window's session is in memory anyway).
  EnableCookieEncryption: true,
  // NODE_OPTIONS (--require, --inspect…) must not inject code into main.
  EnableNodeOptionsEnvironmentVariable: false,
  // --inspect / --inspect-brk would open a debugger on main, which holds the credentials.
  EnableNodeCliInspectArguments: false,
  // Windows (and macOS): refuse an app.asar whose hash does not match the one recorded at build time.
  EnableEmbeddedAsarIntegrityValidation: true,
  // Load the app only from app.asar: no loose `app/` folder next to it can replace our code.
  OnlyLoadAppFromAsar: true,
  // Electron's defaults for the rest, written out: no custom V8 snapshot; WebAssembly trap handlers on.
  LoadBrowserProcessSpecificV8Snapshot: false,
  // Our pages come from app://, never file://: file: gets no extra privileges.
  GrantFileProtocolExtraPrivileges: false,
  WasmTrapHandlers: true,
});

/**
 * The config for @electron/fuses' flipFuses, built from the table above with the package's own enums (passed
 * in, so this file needs no import and stays plain data for the tests).
 */
export function fuseConfig({ FuseV1Options, FuseVersion }) {
  const config = { version: FuseVersion.V1, strictlyRequireAllFuses: true };
  for (const [name, enabled] of Object.entries(FUSES)) {
    const index = FuseV1Options[name];
    if (typeof index !== 'number') throw new Error(`@electron/fuses has no fuse named ${name}`);
    config[index] = enabled;
  }
  return config;
}

/** Where electron-builder put the Electron binary whose fuses we flip (its afterPack context). */
export function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const productFilename = packager.appInfo.productFilename;
  switch (electronPlatformName) {
    case 'win32':
      return `${appOutDir}/${productFilename}.exe`;
    case 'darwin':
      return `${appOutDir}/${productFilename}.app`;
    case 'linux':
      return `${appOutDir}/${packager.executableName}`;
    default:
      throw new Error(`No fuses for platform ${electronPlatformName}`);
  }
}
