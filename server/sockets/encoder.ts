import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/**
 * Socket.IO's wire encoding, with two costs of the stock encoder taken off a move's path (issue 24):
 *
 * - The stock encoder walks every event's payload looking for binary (Buffer, ArrayBuffer, Blob) before
 *   it encodes it, ~10 µs a game update under load. No event of this server carries binary, so an event
 *   is always encoded as text; the packets Socket.IO makes itself (connect, disconnect, errors) still go
 *   through the stock encoder.
 * - A payload whose JSON was already made (encodeOnce) is not encoded again: a move's update to its own
 *   player is both the socket event and the answer to the move's request (server/games/views.ts).
 *
 * The text is the stock encoder's, character for character (tests/server/socket-encoder.test.ts), and
 * the client decodes it with the stock decoder.
 */

const encoded = new WeakMap<object, string>();

/** The JSON of `payload`, made once however many times it is sent. The payload must not change after. */
export function encodeOnce(payload: object): string {
  let json = encoded.get(payload);
  if (json === undefined) {
    json = JSON.stringify(payload);
    encoded.set(payload, json);
  }
  return json;
}

/** An event's data ([name, ...args]) as JSON, reusing a payload's JSON made by encodeOnce. */
function dataJson(data: unknown): string {
  if (Array.isArray(data) && data.length === 2 && typeof data[0] === 'string' && typeof data[1] === 'object' && data[1] !== null) {
    const payload = encoded.get(data[1] as object);
    if (payload !== undefined) return `[${JSON.stringify(data[0])},${payload}]`;
  }
  return JSON.stringify(data);
}

class EventTextEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    if (packet.type !== PacketType.EVENT && packet.type !== PacketType.ACK) return super.encode(packet);
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += String(packet.id);
    if (packet.data !== undefined && packet.data !== null) text += dataJson(packet.data);
    return [text];
  }
}

/** The parser for `new Server({ parser })`: this encoder, the stock decoder. */
export const socketParser = { Encoder: EventTextEncoder, Decoder };
