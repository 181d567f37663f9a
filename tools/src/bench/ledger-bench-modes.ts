// The read modes of bench:ledger: any party, a party filter (the party closest to 10% of the
// ledger updates) and a template filter (Amulet), as update formats of the JSON Ledger API.
import type { ledgerApi as LedgerApi } from '@canton-scan/contracts';
import type { DataSource } from 'typeorm';

/** Every transaction and reassignment, for any party, in the ACS delta shape. */
const ANY_PARTY_FORMAT: LedgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: {} },
    transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
  },
  includeReassignments: { filtersForAnyParty: {} },
};

/** A read mode: its update format. */
export interface Mode {
  name: string;
  format: LedgerApi.UpdateFormat;
}

export function modes(party: string): Mode[] {
  const amulet: LedgerApi.Filters = {
    cumulative: [
      {
        identifierFilter: {
          TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:Amulet' } },
        },
      },
    ],
  };
  return [
    { name: 'any party', format: ANY_PARTY_FORMAT },
    {
      name: 'party filter',
      format: {
        includeTransactions: {
          eventFormat: { filtersByParty: { [party]: {} } },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
        includeReassignments: { filtersByParty: { [party]: {} } },
      },
    },
    {
      name: 'template filter (Amulet)',
      format: {
        includeTransactions: {
          eventFormat: { filtersForAnyParty: amulet },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
        includeReassignments: { filtersForAnyParty: amulet },
      },
    },
  ];
}

/**
 * The party whose share of ledger updates with an event it is a stakeholder of is closest to 10%; only the events an
 * ACS-delta reader sees count (creates and consuming exercises), so the share is that of the updates it is delivered.
 */
export async function partyNearTenPercent(dataSource: DataSource): Promise<{ party: string; share: number }> {
  const [row]: { party: string; share: number }[] = await dataSource.query(
    `WITH ledger AS (SELECT row_id FROM updates WHERE ledger_offset IS NOT NULL),
          seen AS (SELECT d.party, count(DISTINCT e.update_row_id) AS n
                     FROM events e JOIN ledger l ON l.row_id = e.update_row_id,
                          unnest(e.stakeholders) s(id) JOIN parties d ON d.id = s.id
                    WHERE e.event_type = 'created' OR e.consuming
                    GROUP BY d.party)
     SELECT party, n::float8 / (SELECT count(*) FROM ledger) AS share FROM seen
      ORDER BY abs(n::float8 / (SELECT count(*) FROM ledger) - 0.1), party LIMIT 1`,
  );
  return row;
}
