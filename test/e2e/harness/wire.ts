// What the server sent the client on the wire: every JSON-RPC request (a message with a method and
// an id) read off the client's transport before the SDK dispatches it, whatever the client answers.

interface Tappable {
  onmessage?: ((message: never, extra?: never) => void) | undefined;
}

export interface WireTap {
  /** Methods of the server→client requests seen so far, in order. */
  readonly requests: string[];
  /** Installs the tap on a client transport; call it before `client.connect`, which chains to it. */
  tap<T>(transport: T): T;
}

export function wireTap(): WireTap {
  const requests: string[] = [];
  return {
    requests,
    tap<T>(transport: T): T {
      (transport as Tappable).onmessage = ((message: { method?: unknown; id?: unknown }) => {
        if (typeof message.method === 'string' && message.id !== undefined) requests.push(message.method);
      }) as Tappable['onmessage'];
      return transport;
    },
  };
}
