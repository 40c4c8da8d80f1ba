// Splits a stream of concatenated JPEGs (rpicam-vid --codec mjpeg -o -, ffmpeg -f mjpeg) into
// frames: each frame runs from an SOI marker (FF D8) to the next EOI marker (FF D9). Inside
// entropy-coded data a literal FF is always followed by 00 or a restart marker, so FF D9 only
// appears at a frame's end.

/** Feeds chunks in, hands whole JPEG frames to onFrame; drops bytes outside frames. */
export class MjpegSplitter {
  private buffered: Buffer = Buffer.alloc(0);
  /** Bytes discarded because they were not inside a frame (line noise, headers). */
  discarded = 0;

  constructor(private readonly onFrame: (jpeg: Buffer) => void, private readonly maxFrameBytes = 16 * 1024 * 1024) {}

  /** Adds a chunk of the stream. */
  push(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const start = this.buffered.indexOf(SOI);
      if (start < 0) {
        // Keep a trailing FF: it may be the first half of the next SOI.
        const keep = this.buffered.length > 0 && this.buffered[this.buffered.length - 1] === 0xff ? 1 : 0;
        this.discarded += this.buffered.length - keep;
        this.buffered = this.buffered.subarray(this.buffered.length - keep);
        return;
      }
      if (start > 0) {
        this.discarded += start;
        this.buffered = this.buffered.subarray(start);
      }
      const end = this.buffered.indexOf(EOI, 2);
      if (end < 0) {
        if (this.buffered.length > this.maxFrameBytes) {
          this.discarded += this.buffered.length;
          this.buffered = Buffer.alloc(0);
        }
        return;
      }
      this.onFrame(Buffer.from(this.buffered.subarray(0, end + 2)));
      this.buffered = this.buffered.subarray(end + 2);
    }
  }
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);
