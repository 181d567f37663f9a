import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A folder of bulk history objects once built (docs/bulk-history.md): an update history
 * segment or a daily ACS snapshot. Its row is written in the same transaction as its objects,
 * so a folder either has all of them or none; `object_count` may be 0 (a segment with no
 * update). Never updated: the objects of a complete segment never change.
 */
@Entity({ name: 'bulk_history_folders' })
export class BulkHistoryFolderEntity {
  /** `updates` or `ACS`. */
  @PrimaryColumn('text', { name: 'kind', primaryKeyConstraintName: 'pk_bulk_history_folders' })
  kind: string;

  /** `<start>~<end>` as upstream names it. */
  @PrimaryColumn('text', { name: 'folder', primaryKeyConstraintName: 'pk_bulk_history_folders' })
  folder: string;

  @Column('integer', { name: 'object_count' })
  objectCount: number;
}

/** One object: its digest and size; its bytes are its frames (BulkHistoryFrameEntity). */
@Entity({ name: 'bulk_history_objects' })
@Index('ix_bulk_history_objects_folder', ['kind', 'folder', 'objectIndex'], { unique: true })
export class BulkHistoryObjectEntity {
  @PrimaryColumn('text', { name: 'object_key', primaryKeyConstraintName: 'pk_bulk_history_objects' })
  objectKey: string;

  @Column('text', { name: 'kind' })
  kind: string;

  @Column('text', { name: 'folder' })
  folder: string;

  @Column('integer', { name: 'object_index' })
  objectIndex: number;

  /** Base64 SHA-256 of the object's bytes. */
  @Column('text', { name: 'digest' })
  digest: string;

  @Column('bigint', { name: 'size_bytes' })
  sizeBytes: string;
}

/**
 * One zstd frame of an object; the object's bytes are its frames in order. Kept apart so an
 * object is written and served a frame at a time, never whole in memory.
 */
@Entity({ name: 'bulk_history_frames' })
export class BulkHistoryFrameEntity {
  @PrimaryColumn('text', { name: 'object_key', primaryKeyConstraintName: 'pk_bulk_history_frames' })
  objectKey: string;

  @PrimaryColumn('integer', { name: 'frame_index', primaryKeyConstraintName: 'pk_bulk_history_frames' })
  frameIndex: number;

  @Column('bytea', { name: 'bytes' })
  bytes: Buffer;
}
