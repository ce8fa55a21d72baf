import { request } from 'undici';
import type { Sandbox } from '../../src/sandbox';

export interface ApiAnswer {
  status: number;
  contentType: string;
  text: string;
  json: Record<string, unknown>;
}

/** Calls a provider endpoint the way a client that knows only the API document would. */
export async function api(sandbox: Sandbox, endpoint: string, params: Record<string, string | number>, auth = true): Promise<ApiAnswer> {
  const query = new URLSearchParams(
    Object.entries({ ...(auth ? { username: sandbox.credentials.username, api_token: sandbox.credentials.token } : {}), ...params }).map(
      ([k, v]): [string, string] => [k, String(v)],
    ),
  );
  const res = await request(`${sandbox.url}/webservices/api/${endpoint}?${query}`);
  const text = await res.body.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Left empty: tests that expect garbage read `text`.
  }
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text, json };
}

export function recharge(sandbox: Sandbox, number: string, amount: number, refId: string, operator = 'JIO') {
  return api(sandbox, 'recharge', { number, amount, operator, ref_id: refId });
}

/** A controllable clock: tests move time and then apply due transitions with admin.tick(). */
export function fakeClock(start = Date.parse('2026-11-22T06:00:00Z')) {
  const clock = { t: start, now: () => clock.t, advance: (ms: number) => (clock.t += ms) };
  return clock;
}

export async function balances(sandbox: Sandbox) {
  const b = await api(sandbox, 'balance', {});
  return { buyer: b.json['buyerBalance'], lien: b.json['lienBalance'], seller: b.json['sellerBalance'] };
}
