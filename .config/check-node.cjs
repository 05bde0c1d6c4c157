// Runs before `npm install`, `npm start`, `npm test`, `npm run preview|sandbox|bench`, on whatever Node
// started npm. Written for very old Nodes on purpose (no modern syntax), so an old machine gets one sentence
// instead of a parse error or a runtime flag error.
//
// Why two thresholds: installing only needs a Node that can run npm (the project then brings its own Node 24
// into node_modules/.bin through the `node` package); running needs that Node 24 (node:sqlite, type stripping).
'use strict';
var INSTALL_MIN = [18, 17];
var RUN_MIN = [22, 13];

function atLeast(version, min) {
  var parts = version.replace(/^v/, '').split('.').map(Number);
  return parts[0] > min[0] || (parts[0] === min[0] && parts[1] >= min[1]);
}

/** null when this Node will do for the phase ('install' or 'run'), else the one sentence to print. */
function nodeProblem(version, phase) {
  if (phase === 'install' && !atLeast(version, INSTALL_MIN)) {
    return (
      'Wallet POS: installing needs Node ' +
      INSTALL_MIN.join('.') +
      ' or newer (this is ' +
      version +
      '); install Node 20 or newer from https://nodejs.org or your system packages, then run `npm install` again.'
    );
  }
  if (phase === 'run' && !atLeast(version, RUN_MIN)) {
    return (
      'Wallet POS: this runs on the Node 24 that `npm install` puts in node_modules/.bin (found ' +
      version +
      '); run `npm install` (without --ignore-scripts), then try again.'
    );
  }
  return null;
}

module.exports = { nodeProblem: nodeProblem };

if (require.main === module) {
  var problem = nodeProblem(process.version, process.argv[2] === 'install' ? 'install' : 'run');
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
