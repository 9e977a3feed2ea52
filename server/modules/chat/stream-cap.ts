/**
 * How many chat streams each client address holds open at once (issue 16, finding 8). The
 * per-minute rate alone let one address open a stream a second and keep every one of them,
 * each holding a socket, a subscription and two timers. Counted per server process: each
 * instance behind a load balancer holds its own sockets, so each keeps its own count.
 */
export interface StreamCap {
  /** A release function when the address is under its cap (call it once, when the stream ends); null when it is at it. */
  acquire(address: string): (() => void) | null;
  /** Streams open now for an address (tests and metrics). */
  openFor(address: string): number;
  readonly max: number;
}

export function streamCap(max: number): StreamCap {
  const open = new Map<string, number>();
  return {
    max,
    acquire(address) {
      const count = open.get(address) ?? 0;
      if (count >= max) return null;
      open.set(address, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      };
    },
    openFor(address) {
      return open.get(address) ?? 0;
    },
  };
}
