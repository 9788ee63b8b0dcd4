/**
 * Socket.IO events, typed per direction. The server authenticates the handshake from the session
 * cookie; `authenticate` is honoured only for the session's own user.
 */
export interface ServerToClientEvents {
  authenticated: (payload: { userId: string }) => void;
  balanceUpdated: (balance: number) => void;
}

export interface ClientToServerEvents {
  authenticate: (payload: { userId: string }, ack?: (answer: { ok: boolean; message?: string }) => void) => void;
}
