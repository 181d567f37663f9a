import { EventEmitter } from 'node:events';
import type { PoolClient } from 'pg';
import { DbConnection } from './db';

/** A lent client: an emitter whose `release` records what it was given. */
function lentClient(): { client: PoolClient; released: unknown[] } {
  const released: unknown[] = [];
  const client = Object.assign(new EventEmitter(), {
    release: (error?: unknown) => released.push(error),
  }) as unknown as PoolClient;
  return { client, released };
}

describe('DbConnection', () => {
  it('takes the error a lent client emits when its connection is lost, and destroys it on release', () => {
    const { client, released } = lentClient();
    const connection = new DbConnection(client, 'postgres');
    const lost = new Error('Connection terminated unexpectedly');
    // With no listener, an 'error' event throws (and, from a socket callback, ends the process).
    expect(() => client.emit('error', lost)).not.toThrow();
    connection.release();
    expect(released).toEqual([lost]);
    expect(client.listenerCount('error')).toBe(0);
  });

  it('hands a healthy client back as it is', () => {
    const { client, released } = lentClient();
    new DbConnection(client, 'postgres').release();
    expect(released).toEqual([undefined]);
    expect(client.listenerCount('error')).toBe(0);
  });
});
