import type { IncomingMessage, ServerResponse } from 'node:http';
import { Rejection } from '../errors';
import { BAD_GATEWAY_PAGE, ERROR_PAGE, GARBAGE_BODY, planFaults } from '../faults';
import { balanceReply, cased, complaintReply, rejectionReply, txnReply, type Reply } from '../replies';
import type { SandboxEngine, Query } from '../engine';
import type { Faults } from '../options';
import type { Rng } from '../rng';
import { sendJson, sendText } from './respond';

export const API_PREFIX = '/webservices/api/';

type Endpoint = (engine: SandboxEngine, query: Query) => Reply;

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  recharge: (engine, q) => {
    const { txn, account, duplicate } = engine.recharge(q);
    return txnReply(txn, account, engine.options, { onSubmit: true, duplicate });
  },
  statusByRefId: (engine, q) => {
    const { txn, account } = engine.status(q);
    return txnReply(txn, account, engine.options);
  },
  balance: (engine, q) => balanceReply(engine.balance(q), engine.options),
  complain: (engine, q) => {
    const { complaint, existing } = engine.complain(q);
    return complaintReply(complaint, existing, engine.options);
  },
};

export interface ProviderContext {
  readonly engine: SandboxEngine;
  readonly faults: () => Faults;
  readonly faultRng: Rng;
  /** Sockets held open by the "no reply" fault, closed on shutdown or after a while. */
  readonly hold: (res: ServerResponse) => void;
}

function queryOf(url: URL): Query {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in out)) out[k] = v;
  return out;
}

/** Answers the four documented endpoints, with the configured variants and faults. */
export async function handleProvider(ctx: ProviderContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { engine } = ctx;
  const opts = engine.options;
  const name = url.pathname.slice(API_PREFIX.length);
  const endpoint = Object.prototype.hasOwnProperty.call(ENDPOINTS, name) ? ENDPOINTS[name] : undefined;
  if (!endpoint) {
    return sendJson(res, 404, {
      status: cased('Error', opts),
      message: `Unknown endpoint ${url.pathname.slice(0, 100)}. Endpoints: recharge, statusByRefId, balance, complain.`,
    });
  }
  if (req.method !== 'GET') {
    res.setHeader('allow', 'GET');
    return sendJson(res, 405, { status: cased('Error', opts), message: 'All operations use GET with query-string parameters.' });
  }

  const fault = planFaults(ctx.faults(), ctx.faultRng);
  if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault.badGateway) return sendText(res, 502, BAD_GATEWAY_PAGE, 'text/html');

  let reply: Reply;
  try {
    reply = endpoint(engine, queryOf(url));
  } catch (e) {
    if (!(e instanceof Rejection)) throw e;
    reply = rejectionReply(e, opts);
  }

  switch (fault.after) {
    case 'noReply':
      return ctx.hold(res);
    case 'resetAfter':
      return void req.socket.resetAndDestroy();
    case 'garbage':
      return sendText(res, 200, GARBAGE_BODY, 'application/json');
    case 'htmlError':
      return sendText(res, 504, ERROR_PAGE, 'text/html');
    case 'none':
      return sendJson(
        res,
        reply.httpStatus,
        reply.body,
        opts.htmlContentType ? 'text/html; charset=UTF-8' : 'application/json; charset=utf-8',
      );
  }
}
