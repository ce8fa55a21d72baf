import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { Rejection } from '../errors';
import { faultsSchema } from '../options';
import { PLANS } from '../scenarios';
import type { SandboxAdmin } from '../admin';
import { readJsonBody, sendJson } from './respond';

export const ADMIN_PREFIX = '/sandbox/';

const topUpBody = z.strictObject({ amount: z.number().int().positive().max(1_000_000_000) });
const debitBody = z.strictObject({ paise: z.number().int().positive().max(100_000_000_000) });
const suspendBody = z.strictObject({ suspended: z.boolean() });
const callbackBody = z.strictObject({ url: z.string().url().nullable() });
const statusBody = z.strictObject({ status: z.enum(['Success', 'Failure', 'Refunded']) });
const resolveBody = z.strictObject({ refund: z.boolean() });
const tokenBody = z.strictObject({ token: z.string().min(8).max(200) });
const plansBody = z.strictObject({ plans: z.partialRecord(z.enum(PLANS), z.number().min(0)).nullable() });
const scriptBody = z.strictObject({ plans: z.array(z.enum(PLANS)).max(10_000) });

const HELP = {
  'GET /sandbox/accounts/:username': 'balances, books check, callback URL, suspended flag',
  'POST /sandbox/accounts/:username/topup': '{"amount": rupees}',
  'POST /sandbox/accounts/:username/debit': '{"paise": paise}',
  'POST /sandbox/accounts/:username/suspend': '{"suspended": true|false}',
  'POST /sandbox/accounts/:username/token': '{"token": "new token"}',
  'PUT /sandbox/accounts/:username/callback': '{"url": "http://…" | null}',
  'GET /sandbox/transactions?username=&limit=&offset=': 'newest first',
  'GET /sandbox/transactions/:txnId': 'one transaction',
  'POST /sandbox/transactions/:txnId/status': '{"status": "Success"|"Failure"|"Refunded"}',
  'GET /sandbox/complaints?username=': 'complaints',
  'POST /sandbox/complaints/:id/resolve': '{"refund": true|false}',
  'GET /sandbox/plans': 'the plan weights non-test numbers follow',
  'PUT /sandbox/plans': '{"plans": {"refused-other-ref": 1, "success": 3} | null}',
  'GET /sandbox/script': 'plans queued for the next recharges',
  'POST /sandbox/script': '{"plans": ["failure-reversed", "success"]}: the next recharges take these, in order',
  'GET /sandbox/faults': 'current fault fractions',
  'PUT /sandbox/faults': 'partial fault settings, e.g. {"noReply": 0.1}',
  'GET /sandbox/submissions[?ref_id=]': 'how many recharge requests carried each ref_id',
  'GET /sandbox/callbacks': 'every callback attempt',
  'POST /sandbox/tick': 'apply due transitions now',
};

/** Admin API for tests, demos and trainers: off the provider's paths, JSON in and out. */
export async function handleAdmin(admin: SandboxAdmin, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const parts = url.pathname.slice(ADMIN_PREFIX.length).split('/').filter(Boolean).map(decodeURIComponent);
  const method = req.method ?? 'GET';
  const route = `${method} ${parts.map((p, i) => (i % 2 === 1 && parts.length > 1 ? ':' : p)).join('/')}`;
  try {
    const body = method === 'GET' ? {} : await readJsonBody(req);
    const [resource, id, action] = parts;
    const q = url.searchParams;
    switch (route) {
      case 'GET ':
        return sendJson(res, 200, { endpoints: HELP });
      case 'GET accounts/:':
        return sendJson(res, 200, admin.account(id!));
      case 'POST accounts/:/topup':
        return sendJson(res, 200, admin.topUp(id!, topUpBody.parse(body).amount));
      case 'POST accounts/:/debit':
        return sendJson(res, 200, admin.debit(id!, debitBody.parse(body).paise));
      case 'POST accounts/:/suspend':
        return sendJson(res, 200, admin.suspend(id!, suspendBody.parse(body).suspended));
      case 'POST accounts/:/token':
        return sendJson(res, 200, admin.setToken(id!, tokenBody.parse(body).token));
      case 'PUT accounts/:/callback':
        return sendJson(res, 200, admin.setCallbackUrl(id!, callbackBody.parse(body).url));
      case 'GET transactions':
        return sendJson(
          res,
          200,
          admin.transactions({
            username: q.get('username') ?? undefined,
            limit: Number(q.get('limit') ?? 100),
            offset: Number(q.get('offset') ?? 0),
          }),
        );
      case 'GET transactions/:':
        return sendJson(res, 200, admin.transaction(id!));
      case 'POST transactions/:/status':
        return sendJson(res, 200, admin.forceStatus(id!, statusBody.parse(body).status));
      case 'GET complaints':
        return sendJson(res, 200, admin.complaints(q.get('username') ?? undefined));
      case 'POST complaints/:/resolve':
        return sendJson(res, 200, admin.resolveComplaint(id!, resolveBody.parse(body).refund));
      case 'GET plans':
        return sendJson(res, 200, { plans: admin.plans() ?? null });
      case 'PUT plans':
        return sendJson(res, 200, { plans: admin.setPlans(plansBody.parse(body).plans) ?? null });
      case 'GET script':
        return sendJson(res, 200, { plans: admin.scriptLeft() });
      case 'POST script':
        return sendJson(res, 200, { plans: admin.script(scriptBody.parse(body).plans) });
      case 'GET faults':
        return sendJson(res, 200, admin.faults());
      case 'PUT faults':
        return sendJson(res, 200, admin.setFaults(faultsSchema.partial().parse(body)));
      case 'GET submissions':
        return sendJson(res, 200, q.get('ref_id') ? { [q.get('ref_id')!]: admin.submissionCount(q.get('ref_id')!) } : admin.submissions());
      case 'GET callbacks':
        return sendJson(res, 200, await admin.callbacks());
      case 'POST tick':
        return sendJson(res, 200, { nextDueAt: admin.tick() });
      default:
        void resource;
        void action;
        return sendJson(res, 404, { error: `No admin route ${method} ${url.pathname}`, endpoints: HELP });
    }
  } catch (e) {
    if (e instanceof z.ZodError)
      return sendJson(res, 400, { error: 'Bad request body', issues: e.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    if (e instanceof SyntaxError) return sendJson(res, 400, { error: 'Body is not JSON' });
    if (e instanceof Rejection)
      return sendJson(res, e.kind === 'unknownTxnId' || e.kind === 'badCredentials' ? 404 : 409, { error: e.message });
    throw e;
  }
}
