// The security flags of every window we open, in one place. Written out in full even where Electron's
// default is already safe: a default that changes between versions, or a later edit that flips one flag,
// must show up in review and fail the unit test that asserts each of them.
//
// Structurally compatible with Electron's WebPreferences; typed here without importing electron so the
// function stays testable in plain Node.

export interface SecureWebPreferences {
  readonly preload?: string;
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webSecurity: true;
  readonly webviewTag: false;
  readonly allowRunningInsecureContent: false;
  readonly spellcheck: false;
  readonly navigateOnDragDrop: false;
  readonly safeDialogs: true;
  readonly experimentalFeatures: false;
  /** False on a till: DevTools would let whoever stands at it call window.pos with any arguments. */
  readonly devTools: boolean;
}

export interface WebPreferenceOptions {
  /** Only for development against the Vite dev server; never in the app a till runs. Default false. */
  readonly devTools?: boolean;
}

/** @param preloadPath absolute path of the bundled CJS preload; omit for windows that must get no bridge. */
export function webPreferences(preloadPath?: string, options: WebPreferenceOptions = {}): SecureWebPreferences {
  return {
    ...(preloadPath === undefined ? {} : { preload: preloadPath }),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    webviewTag: false,
    allowRunningInsecureContent: false,
    spellcheck: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    experimentalFeatures: false,
    devTools: options.devTools ?? false,
  };
}
