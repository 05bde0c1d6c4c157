// Runs before `npm install`, `npm start`, `npm test`, `npm run preview|sandbox|bench`, on whatever Node
// started npm. Written for very old Nodes on purpose (no modern syntax), so an old machine gets one sentence
// instead of a parse error or a runtime flag error.
//
// Why two thresholds: installing only needs a Node that can run npm (the project then brings its own Node 24
// into node_modules/.bin through the `node` package); running needs that Node 24 (node:sqlite, type stripping).
'use strict';
var INSTALL_MIN = [18, 17];
var RUN_MIN = [22, 13];
var phase = process.argv[2] === 'install' ? 'install' : 'run';
var parts = process.versions.node.split('.').map(Number);

function atLeast(min) {
  return parts[0] > min[0] || (parts[0] === min[0] && parts[1] >= min[1]);
}

if (phase === 'install' && !atLeast(INSTALL_MIN)) {
  console.error(
    'Wallet POS: installing needs Node ' + INSTALL_MIN.join('.') + ' or newer (this is ' + process.version +
      '); install Node 20 or 22 from https://nodejs.org or your system packages, then run `npm install` again.'
  );
  process.exit(1);
}
if (phase === 'run' && !atLeast(RUN_MIN)) {
  console.error(
    'Wallet POS: this needs the Node 24 that `npm install` puts in node_modules/.bin (this is ' + process.version +
      '); run `npm install` (without --ignore-scripts) and try again.'
  );
  process.exit(1);
}
