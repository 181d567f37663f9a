import { createHash, type Hash } from 'node:crypto';
import { compress, init } from '@bokuweb/zstd-wasm';
import { bulkObjectKey, type BulkKind } from './bulk-layout';
import type { BulkHistoryRepository } from './bulk-history.repository';

/**
 * Uncompressed bytes per zstd frame: a frame is cut after the line that reaches it, so where
 * frames end depends on the content alone (the same history gives the same bytes).
 */
export const BULK_FRAME_BYTES = 4 * 1024 * 1024;

/** Compressed bytes after which an object is closed at the next frame end (upstream's 128 MB). */
export const BULK_MAX_OBJECT_BYTES = 128 * 1024 * 1024;

/** zstd level of every frame (upstream's). */
export const BULK_ZSTD_LEVEL = 3;

let ready: Promise<void> | undefined;

/** Loads the zstd WebAssembly module once per process. */
export function zstdReady(): Promise<void> {
  ready ??= init();
  return ready;
}

/**
 * Writes one folder's objects as lines arrive: lines are gathered into frames, each frame is
 * compressed and stored as it is cut, each object's SHA-256 is hashed frame by frame. Only one
 * frame's lines are held in memory.
 */
export class BulkObjectWriter {
  private lines: string[] = [];
  private lineBytes = 0;
  private objects = 0;
  private open?: { key: string; frames: number; size: number; hash: Hash };

  constructor(
    private readonly repository: BulkHistoryRepository,
    private readonly kind: BulkKind,
    private readonly folder: string,
    private readonly frameBytes = BULK_FRAME_BYTES,
    private readonly maxObjectBytes = BULK_MAX_OBJECT_BYTES,
  ) {}

  /** Appends one JSON line (without its newline). */
  async write(line: string): Promise<void> {
    const text = `${line}\n`;
    this.lines.push(text);
    this.lineBytes += Buffer.byteLength(text);
    if (this.lineBytes >= this.frameBytes) await this.cutFrame();
  }

  /** Stores what is left and the folder's row; returns how many objects it has. */
  async finish(): Promise<number> {
    await this.cutFrame();
    await this.closeObject();
    await this.repository.insertFolder(this.kind, this.folder, this.objects);
    return this.objects;
  }

  private async cutFrame(): Promise<void> {
    if (this.lines.length === 0) return;
    await zstdReady();
    const frame = compress(Buffer.from(this.lines.join(''), 'utf8'), BULK_ZSTD_LEVEL);
    this.lines = [];
    this.lineBytes = 0;
    this.open ??= {
      key: bulkObjectKey(this.folder, this.kind, this.objects),
      frames: 0,
      size: 0,
      hash: createHash('sha256'),
    };
    await this.repository.insertFrame(this.open.key, this.open.frames, frame);
    this.open.frames += 1;
    this.open.size += frame.byteLength;
    this.open.hash.update(frame);
    if (this.open.size >= this.maxObjectBytes) await this.closeObject();
  }

  private async closeObject(): Promise<void> {
    if (!this.open) return;
    const { key, size, hash } = this.open;
    await this.repository.insertObject(
      key,
      this.kind,
      this.folder,
      this.objects,
      hash.digest('base64'),
      size,
    );
    this.objects += 1;
    this.open = undefined;
  }
}
