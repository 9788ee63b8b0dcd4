import fc from 'fast-check';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { encodeOnce, socketParser } from '../../server/sockets/encoder.ts';

const stock = new Encoder();
const ours = new socketParser.Encoder();

const decoded = (encoded: unknown[]): Packet => {
  const decoder = new Decoder();
  let packet: Packet | undefined;
  decoder.on('decoded', (p: Packet) => (packet = p));
  for (const part of encoded) decoder.add(part as string);
  if (!packet) throw new Error('nothing decoded');
  return packet;
};

describe('the socket encoder (server/sockets/encoder.ts)', () => {
  const cases: [string, Packet][] = [
    ['an event', { type: PacketType.EVENT, nsp: '/', data: ['game-update', { game: { _id: 'g', v: 3, choices: { a: null } }, serverTime: 1 }] }],
    ['an event with an ack id', { type: PacketType.EVENT, nsp: '/', id: 12, data: ['authenticate', { userId: 'u' }] }],
    ['an ack', { type: PacketType.ACK, nsp: '/', id: 7, data: [{ ok: false, message: 'Not your "session" \u2028 ü' }] }],
    ['an event in a namespace', { type: PacketType.EVENT, nsp: '/admin', data: ['queueUpdate', [{ gameMode: 'rps', count: 1 }]] }],
    ['an event without arguments', { type: PacketType.EVENT, nsp: '/', data: ['ping'] }],
    ['a connect', { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } }],
    ['a connect error', { type: PacketType.CONNECT_ERROR, nsp: '/', data: { message: 'Not signed in' } }],
    ['a disconnect', { type: PacketType.DISCONNECT, nsp: '/' }],
  ];
  it.each(cases)('encodes %s exactly as the stock encoder does', (_name, packet) => {
    expect(ours.encode(packet)).toEqual(stock.encode(packet));
    expect(decoded(ours.encode(packet))).toEqual(decoded(stock.encode(packet)));
  });

  it('encodes any JSON payload as the stock encoder does', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), fc.option(fc.nat(), { nil: undefined }), (name, payload, id) => {
        const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: [name, payload], ...(id === undefined ? {} : { id }) };
        expect(ours.encode(packet)).toEqual(stock.encode(packet));
      }),
    );
  });

  it('sends a payload encoded once with its JSON as made, the same text as encoding it afresh', () => {
    const update = { game: { _id: 'g', phase: 'choose', wins: { a: 1 } }, opponents: [], serverTime: 5 };
    const json = encodeOnce(update);
    expect(json).toBe(JSON.stringify(update));
    expect(encodeOnce(update)).toBe(json);
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['game-update', update] };
    expect(ours.encode(packet)).toEqual(stock.encode(packet));
    expect(decoded(ours.encode(packet)).data).toEqual(['game-update', update]);
  });
});
