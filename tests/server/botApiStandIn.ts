import http from 'node:http';

/**
 * A loopback Bot API speaking Telegram's wire format (POST /bot<token>/<method>, JSON in and out); the
 * invite and challenge cards' tests point TELEGRAM_API_URL at it. `answer` stands for what Telegram
 * says next; every call is kept.
 */

export interface BotApiCall {
  method: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

/** The expiry every prepared message gets here (Unix seconds). */
export const PREPARED_EXPIRES = 1_900_000_000;

export async function botApiStandIn(botToken: string) {
  const calls: BotApiCall[] = [];
  const state = {
    answer: (call: BotApiCall): { status: number; body: unknown } => ({
      status: 200,
      body: {
        ok: true,
        result:
          call.method === 'savePreparedInlineMessage'
            ? { id: `prepared-${calls.length}`, expiration_date: PREPARED_EXPIRES }
            : call.method === 'sendMessage'
              ? { message_id: calls.length, date: Math.floor(Date.now() / 1000), chat: { id: call.body.chat_id, type: 'private' }, text: call.body.text }
              : true,
      },
    }),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match || match[1] !== botToken) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
      const call = { method: match[2] as string, contentType: req.headers['content-type'], body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} };
      calls.push(call);
      const { status, body } = state.answer(call);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type BotApiStandIn = Awaited<ReturnType<typeof botApiStandIn>>;
