import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs hot, fixed SQL as named prepared statements on the DataSource's pg pool, so PostgreSQL
 * parses and plans each statement once per connection instead of on every request (planning
 * the registry's statements costs more than executing them).
 *
 * Each pooled connection gets its own statement names: the embedded database multiplexes all
 * connections over one session, where two connections preparing the same name would collide.
 */
export class PreparedStatements {
  private readonly clientIds = new WeakMap<PoolClient, number>();
  private nextClientId = 0;

  constructor(private readonly dataSource: DataSource) {}

  async query<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    const client = await pool.connect();
    try {
      let id = this.clientIds.get(client);
      if (id === undefined) {
        id = ++this.nextClientId;
        this.clientIds.set(client, id);
      }
      const result = await client.query({ name: `${name}_${id}`, text, values });
      return result.rows as T[];
    } finally {
      client.release();
    }
  }
}
