/**
 * A minimal protobuf (proto3) binary writer: what Canton's ACS export needs and nothing more.
 * Fields are written in the order they are called, which callers keep as field-number order
 * (as protobuf's own serializers do). Proto3 scalar defaults are not written unless the caller
 * says so (`oneof` members are always written, even at their default).
 */

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;

const MASK_64 = (1n << 64n) - 1n;

export class ProtobufWriter {
  private readonly chunks: Uint8Array[] = [];
  private pending: number[] = [];
  private length = 0;

  /** The bytes written so far. */
  finish(): Buffer {
    this.flushPending();
    return Buffer.concat(this.chunks, this.length);
  }

  /** A varint of an unsigned 64-bit value (a negative one as its two's complement, 10 bytes). */
  varint(value: bigint | number): this {
    let v = BigInt.asUintN(64, BigInt(value));
    while (v > 0x7fn) {
      this.pending.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.pending.push(Number(v));
    return this;
  }

  private tag(field: number, wireType: number): this {
    return this.varint((field << 3) | wireType);
  }

  private raw(bytes: Uint8Array): this {
    this.flushPending();
    this.chunks.push(bytes);
    this.length += bytes.length;
    return this;
  }

  private flushPending(): void {
    if (this.pending.length === 0) return;
    const bytes = Uint8Array.from(this.pending);
    this.chunks.push(bytes);
    this.length += bytes.length;
    this.pending = [];
  }

  /** int64 / int32 / uint64 / bool as a varint field; 0 and false are skipped unless `always`. */
  varintField(field: number, value: bigint | number | boolean, always = false): this {
    const v = typeof value === 'boolean' ? (value ? 1n : 0n) : BigInt(value);
    if (v === 0n && !always) return this;
    return this.tag(field, WIRE_VARINT).varint(v);
  }

  /** sint64 (zigzag) as a varint field. */
  sint64Field(field: number, value: bigint, always = false): this {
    if (value === 0n && !always) return this;
    const zigzag = ((value << 1n) ^ (value >> 63n)) & MASK_64;
    return this.tag(field, WIRE_VARINT).varint(zigzag);
  }

  /** sfixed64: eight bytes, little-endian two's complement. */
  sfixed64Field(field: number, value: bigint, always = false): this {
    if (value === 0n && !always) return this;
    const bytes = Buffer.alloc(8);
    bytes.writeBigInt64LE(value);
    return this.tag(field, WIRE_FIXED64).raw(bytes);
  }

  /** A string field (UTF-8); the empty string is skipped unless `always`. */
  stringField(field: number, value: string, always = false): this {
    if (value.length === 0 && !always) return this;
    return this.bytesField(field, Buffer.from(value, 'utf8'), true);
  }

  /** A bytes field; empty bytes are skipped unless `always`. */
  bytesField(field: number, value: Uint8Array, always = false): this {
    if (value.length === 0 && !always) return this;
    return this.tag(field, WIRE_LENGTH_DELIMITED).varint(value.length).raw(value);
  }

  /** An embedded message field: always written when called (a present message, even empty). */
  messageField(field: number, write: (w: ProtobufWriter) => void): this {
    const inner = new ProtobufWriter();
    write(inner);
    return this.bytesField(field, inner.finish(), true);
  }

  /** A length-prefixed message (protobuf's `writeDelimitedTo`): its size as a varint, then its bytes. */
  delimited(message: Uint8Array): this {
    return this.varint(message.length).raw(message);
  }
}
