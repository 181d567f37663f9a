import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The simulated network a store was filled with by `npm start`: the options it was generated
 * from (start time and tick included), so that a restart regenerates the same history and goes
 * on from where the store ends (README "The live network"). At most one row; none for a store
 * filled by a mirror, an ingest or an earlier release.
 */
@Entity({ name: 'simulated_network' })
@Check('ck_simulated_network_single', `"id" = 1`)
export class SimulatedNetworkEntity {
  @PrimaryColumn('smallint', { name: 'id', primaryKeyConstraintName: 'pk_simulated_network' })
  id: number;

  /** The simulator's options as given to it (JSON; the domain does not read them). */
  @Column('jsonb', { name: 'options' })
  options: unknown;

  /** Whether the network goes on live after its pre-generated rounds (SIMULATION_LIVE). */
  @Column('boolean', { name: 'live' })
  live: boolean;

  @Column('timestamptz', { name: 'recorded_at', default: () => 'now()' })
  recordedAt: string;
}
