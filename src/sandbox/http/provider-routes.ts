import type { IncomingMessage, ServerResponse } from 'node:http';
import { Rejection } from '../errors';
import { BAD_GATEWAY_PAGE, ERROR_PAGE, GARBAGE_BODY, planFaults } from '../faults';
import { balanceReply, cased, complaintReply, rejectionReply, txnReply, type Reply } from '../replies';
import { submitReply } from '../submit-lies';
import type { SandboxEngine, Query } from '../engine';
import type { Faults } from '../options';
import type { Rng } from '../rng';
import { sendJson, sendText } from './respond';

export const API_PREFIX = '/webservices/api/';

type Endpoint = (engine: SandboxEngine, query: Query) => Reply;

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  recharge: (engine, q) => {
    const { txn, account, duplicate } = engine.recharge(q);
    return submitReply(txn, account, engine.options, duplicate);
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

/** How one provider's dialect is spoken: which endpoint a request is, and how a reply is written. */
export interface ProviderWire {
  /** The document endpoint and query, or a refusal already written to `res`. */
  resolve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<{ endpoint: string; query: Query } | null>;
  send(res: ServerResponse, endpoint: string, reply: Reply): void;
}

function queryOf(url: URL): Query {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in out)) out[k] = v;
  return out;
}

/** The document's own dialect: GET under /webservices/api/, JSON replies. */
export function documentWire(engine: SandboxEngine): ProviderWire {
  const opts = engine.options;
  return {
    resolve(req, res, url) {
      const endpoint = url.pathname.slice(API_PREFIX.length);
      if (!url.pathname.startsWith(API_PREFIX) || !Object.prototype.hasOwnProperty.call(ENDPOINTS, endpoint)) {
        sendJson(res, 404, {
          status: cased('Error', opts),
          message: `Unknown endpoint ${url.pathname.slice(0, 100)}. Endpoints: recharge, statusByRefId, balance, complain.`,
        });
        return Promise.resolve(null);
      }
      if (req.method !== 'GET') {
        res.setHeader('allow', 'GET');
        sendJson(res, 405, { status: cased('Error', opts), message: 'All operations use GET with query-string parameters.' });
        return Promise.resolve(null);
      }
      return Promise.resolve({ endpoint, query: queryOf(url) });
    },
    send(res, _endpoint, reply) {
      sendJson(res, reply.httpStatus, reply.body, opts.htmlContentType ? 'text/html; charset=UTF-8' : 'application/json; charset=utf-8');
    },
  };
}

/** Answers the four calls in the wire's dialect, with the configured variants and faults. */
export async function handleProvider(
  ctx: ProviderContext,
  wire: ProviderWire,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { engine } = ctx;
  const call = await wire.resolve(req, res, url);
  if (!call) return;
  const endpoint = ENDPOINTS[call.endpoint];
  if (!endpoint) throw new Error(`no endpoint ${call.endpoint}`);

  const fault = planFaults(ctx.faults(), ctx.faultRng);
  if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault.badGateway) return sendText(res, 502, BAD_GATEWAY_PAGE, 'text/html');

  let reply: Reply;
  try {
    reply = fault.refuse && call.endpoint === 'recharge' ? engine.refuseRecharge(call.query) : endpoint(engine, call.query);
  } catch (e) {
    if (!(e instanceof Rejection)) throw e;
    reply = rejectionReply(e, engine.options);
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
      if (reply.raw !== undefined) return sendText(res, reply.httpStatus, reply.raw, 'application/json');
      return wire.send(res, call.endpoint, reply);
  }
}
