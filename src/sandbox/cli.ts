import { parseSandboxArgs, USAGE } from './cli-args';
import { startSandbox } from './server';

// `npm run sandbox`: the reseller API simulator as a standalone server.
let options;
try {
  options = parseSandboxArgs(process.argv.slice(2));
} catch (e) {
  console.error(`sandbox: ${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const sandbox = await startSandbox(options);
const account = sandbox.admin.account(sandbox.credentials.username);
console.log(`RechargeDesk sandbox: reseller API simulator
base URL:  ${sandbox.url}
API:       ${options.dialect === 'document' ? `${sandbox.url}/webservices/api/{recharge,statusByRefId,balance,complain}` : `the ${options.dialect} dialect (a provider profile)`}
admin:     ${sandbox.url}/sandbox/
username:  ${sandbox.credentials.username}
api_token: ${sandbox.credentials.token}
balance:   Rs ${(account.buyerBalance / 100).toFixed(2)}
callbacks: ${account.callbackUrl ?? 'none (set --callback-url or --callback-host)'}
state:     ${options.stateFile ?? 'in memory'}
test numbers end in 5555 success, 0000 failure, 1111 pending→success, 2222 pending→failure,
3333 success→refunded, 4444 pending forever, 6666 success, complaint refunds
listening on ${sandbox.url}`);

const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
