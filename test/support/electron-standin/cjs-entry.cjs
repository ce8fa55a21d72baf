// require('electron') from CommonJS packages gets the one stand-in the ES modules use.
module.exports = globalThis[Symbol.for('rechargedesk.electron-standin.module')];
