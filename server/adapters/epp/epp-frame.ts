/**
 * RFC 5734 §4: every EPP data unit on the TCP stream is a 32-bit big-endian total length (which
 * counts its own 4 octets) followed by the XML. A reader that never trusts the length beyond a
 * bound, so a broken or hostile peer cannot make us buffer without end.
 */
export const HEADER_BYTES = 4;
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

export class EppFrameError extends Error {
  override name = "EppFrameError";
}

export function frame(xml: string): Buffer {
  const body = Buffer.from(xml, "utf8");
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(body.length + HEADER_BYTES);
  return Buffer.concat([header, body]);
}

/** Collects socket chunks and hands back each whole frame's XML, in order. */
export class FrameReader {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {}

  push(chunk: Buffer): string[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const frames: string[] = [];
    while (this.buffer.length >= HEADER_BYTES) {
      const total = this.buffer.readUInt32BE(0);
      if (total <= HEADER_BYTES || total > this.maxBytes)
        throw new EppFrameError(`bad EPP frame length ${total} (at most ${this.maxBytes} bytes)`);
      if (this.buffer.length < total) break;
      frames.push(this.buffer.subarray(HEADER_BYTES, total).toString("utf8"));
      this.buffer = this.buffer.subarray(total);
    }
    return frames;
  }
}
